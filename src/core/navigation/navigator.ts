/**
 * Navigation for code outside components (stores, the error handler). The app hands over its
 * router's navigate once it has rendered (src/app/App.tsx); until then (a session found dead
 * while start-up restores it), navigating changes the address the router will start at.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateTo: Navigate = (to, options) => {
  if (options?.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
};

export function setNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  navigateTo(to, options);
}
