// The clipboard, as the Share dialog and the position panel use it.

/** Copies `text` to the clipboard; without permission, selects it in `input` (when given)
 * and asks the browser to copy. Resolves to whether it was copied. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no clipboard permission (insecure page, embedded frame): select the text instead
    if (input) {
      input.focus();
      input.select();
      try { return document.execCommand('copy'); } catch { return false; }
    }
    return false;
  }
}
