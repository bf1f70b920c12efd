// The WebSocket to hippolyta-studio: one JSON object a frame, reconnecting with a growing delay
// (0.25 s doubling to 8 s) after a drop; each (re)connection starts with `hello`, so the page
// resyncs to the server's game. A page that is hidden or left (kept in the browser's
// back/forward cache) closes its socket, so that the server stops analysing for it, and opens
// it again when it is shown.

export class Connection {
  constructor(onMessage, onStatus) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;  // "connecting" | "open" | "closed", detail
    this.delay = 250;
    this.nextId = 1;
    this.socket = null;
    this.paused = false;
    this.timer = null;
    this.open();
  }

  // The page is hidden or left: the socket closes and stays closed until resume().
  pause() {
    if (this.paused) return;
    this.paused = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
    this.onStatus("paused", "");
  }

  resume() {
    if (!this.paused) return;
    this.paused = false;
    this.delay = 250;
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws`;
  }

  open() {
    if (this.paused || this.socket) return;
    this.onStatus("connecting", "");
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch (error) {
      this.retry(String(error));
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.delay = 250;
      this.onStatus("open", "");
      this.send({ type: "hello" });
    };
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;  // not ours to judge: the server only sends JSON
      }
      if (message && typeof message === "object") this.onMessage(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.retry(event.code === 1009 ? "message too large" : "");
    };
  }

  retry(detail) {
    if (this.paused) return;
    const delay = this.delay;
    this.delay = Math.min(8000, this.delay * 2);
    this.onStatus("closed", `${detail ? detail + "; " : ""}reconnecting in ${(delay / 1000).toFixed(1)} s`);
    this.timer = setTimeout(() => this.open(), delay);
  }

  // Sends a message with a fresh id; returns the id, or null when not connected.
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return null;
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ ...message, id }));
    return id;
  }

  // For tests and for the user: drop the socket now (it reconnects).
  drop() {
    if (this.socket) this.socket.close();
  }
}
