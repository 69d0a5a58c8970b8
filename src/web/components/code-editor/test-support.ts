/**
 * For component tests under happy-dom: fire `selectionchange` from a queued task, as browsers do
 * (Selection API spec). happy-dom fires it synchronously inside Selection.collapse, which calls
 * back into CodeMirror while it is updating ("Calls to EditorView.update are not allowed while
 * an update is in progress") as soon as an editor has focus. Call once at the top of a test file.
 */
export function deferSelectionChange(doc: Document = document) {
  const dispatchNow = doc.dispatchEvent.bind(doc);
  doc.dispatchEvent = (event: Event) => {
    if (event.type !== 'selectionchange') return dispatchNow(event);
    setTimeout(() => dispatchNow(event), 0);
    return true;
  };
}

// Also seen under happy-dom: typing with user-event into the editor never ends (the worker runs
// out of memory), and after an editor had focus, later completion lists in the same file slow
// down and may hang. Insert text as CodeMirror's input does instead:
// `view.dispatch(view.state.replaceSelection(text), { userEvent: 'input.type' })`, with the view
// from `EditorView.findFromDOM(screen.getByRole('textbox', { name }))`.
