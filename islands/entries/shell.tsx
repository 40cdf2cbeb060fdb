import { hydrateIslands } from "../runtime/hydrate";

// Signed-in pages with no island of their own (the 404 page): the toaster and the live
// connection only, so new-message and call toasts reach the member there too.
hydrateIslands({});
