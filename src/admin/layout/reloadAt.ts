// A full page load at a path: Logout reloads the page (docs/PRODUCT.md, Layout of the signed-in pages) so
// nothing of the signed-in session stays in memory. Its own module so component tests, where jsdom cannot
// navigate, can stand in.
export function reloadAt(path: string): void {
  window.location.assign(path);
}
