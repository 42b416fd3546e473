/**
 * What a form shows of its store: every field but the actions. With `useShallow` the form
 * re-renders only when one of them changes: `useDiskTestStore(useShallow(formState))`.
 */
export function formState<State extends { actions: unknown }>(state: State): Omit<State, 'actions'> {
  const { actions: _actions, ...form } = state;
  return form;
}
