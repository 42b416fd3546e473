/**
 * Puts the keyboard on the first field the check found wrong, once React has shown why; a field
 * folded away (in a closed "Advanced") is unfolded first, or the focus would go nowhere.
 */
export function focusFirstProblem(form: HTMLFormElement) {
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    const folded = field?.closest('details');
    if (folded && !folded.open) folded.open = true;
    field?.focus();
  });
}
