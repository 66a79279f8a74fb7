/** The refresh button's action (spec §2: it reloads the page). A module of its own so tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}
