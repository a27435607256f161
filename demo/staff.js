// The staff page's filters: the bus list comes from the proxy's public bus route; choosing a bus
// or a date re-reads that manifest. Rows picked are logged, as an app would open a booking.
const passengers = document.getElementById('passengers');
const busSelect = document.getElementById('bus');
const dateInput = document.getElementById('date');
const log = document.getElementById('passenger-log');

async function loadBuses() {
  try {
    const response = await fetch('/proxy/wp-json/wbtm/v1/buses?per_page=100');
    if (!response.ok) return;
    for (const bus of await response.json()) {
      const option = document.createElement('option');
      option.value = String(bus.id);
      // textContent, never innerHTML: names are site data.
      option.textContent = typeof bus.name === 'string' ? bus.name : `Bus ${bus.id}`;
      busSelect.append(option);
    }
  } catch {
    // The list still works for every bus.
  }
}

busSelect.addEventListener('change', () => passengers.setAttribute('bus-id', busSelect.value));
dateInput.addEventListener('change', () => passengers.setAttribute('date', dateInput.value));
passengers.addEventListener('passenger-select', (event) => {
  const { passenger } = event.detail;
  log.textContent = `Picked ${passenger.name} (booking ${passenger.bookingId ?? '–'}, seat ${passenger.seat || '–'}).`;
});
void loadBuses();

// The check-in desk: reload() reads the same list again behind the rows shown.
const attendees = document.getElementById('attendees');
let deskTimer;
document.getElementById('desk').addEventListener('change', (event) => {
  clearInterval(deskTimer);
  if (event.target.checked) deskTimer = setInterval(() => attendees.reload(), 60_000);
});
document.getElementById('reload').addEventListener('click', () => attendees.reload());
