import { webTokenParam } from '../../../shared/contract/web-protocol';

const storageKey = 'nasbench.webToken';

const tokenInAddress = () => new URLSearchParams(location.hash.slice(1)).get(webTokenParam);

/**
 * Browser mode's per-launch token arrives once in the address (`#token=…`, printed by
 * `npm run web`). It is kept in sessionStorage so a reload still works, and taken out of the
 * visible address so it does not end up in screenshots, bookmarks or shared links.
 */
export function takeWebToken(): string | null {
  const fromAddress = tokenInAddress();
  if (fromAddress) {
    sessionStorage.setItem(storageKey, fromAddress);
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    return fromAddress;
  }
  return sessionStorage.getItem(storageKey);
}

/**
 * Pasting a new address that differs only after `#` does not reload the page, so the app
 * would keep its old (missing or stale) token: start over with the new one instead.
 */
export function reloadWhenNewTokenArrives(): void {
  window.addEventListener('hashchange', () => {
    if (tokenInAddress()) location.reload();
  });
}
