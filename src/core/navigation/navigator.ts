/**
 * Navigation for code outside components (stores, the error handler). The app hands over its
 * router's navigate at start-up; until then, navigating does nothing.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateTo: Navigate = () => undefined;

export function setNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  navigateTo(to, options);
}
