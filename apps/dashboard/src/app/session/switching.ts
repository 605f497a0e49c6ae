// While the dashboard moves to another application (features/applications), the session it is
// leaving ends on the server: a 401 answered to that old token then says nothing about the new
// one, so logout waits for the switch to finish (or fail).

let switching = false;

export function isSwitchingApplication(): boolean {
  return switching;
}

export function setSwitchingApplication(value: boolean): void {
  switching = value;
}
