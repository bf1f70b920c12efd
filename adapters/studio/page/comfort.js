// Comfort settings of this browser (kept in localStorage): the coordinates, the board's theme
// and a short move sound made with WebAudio (no sound files).
const $ = (id) => document.getElementById(id);

export const comfort = { coords: true, theme: "wood", sound: false };
try {
  Object.assign(comfort, JSON.parse(localStorage.getItem("studio-comfort") || "{}"));
} catch { /* the defaults */ }

export function setComfort(key, value) {
  comfort[key] = value;
  try { localStorage.setItem("studio-comfort", JSON.stringify(comfort)); } catch { /* private mode */ }
  applyComfort();
}

function applyComfort() {
  document.body.dataset.theme = comfort.theme;
  document.body.classList.toggle("no-coords", !comfort.coords);
  $("coords-toggle").checked = comfort.coords;
  $("theme-select").value = comfort.theme;
  $("sound-toggle").checked = comfort.sound;
}
applyComfort();

let audio = null;
export function moveSound() {
  if (!comfort.sound) return;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.12);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.12);
  } catch { /* no audio: silent */ }
}
