// A full page load at a path: Logout reloads the page (docs/PRODUCT.md, Layout of the signed-in pages) so
// nothing of the signed-in session stays in memory. One object, so component tests, whose test DOM does not
// load pages, can stand in for its method (a spy on the object works however the modules were loaded).
export const page = {
  reloadAt(path: string): void {
    window.location.assign(path);
  },
};
