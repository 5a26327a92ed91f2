// The table's sounds, made here with the Web Audio API: no audio file, nothing to license.
//
// Loaded by the page with a dynamic import() after the person's first gesture at a table
// (ui/kit/sound.py), never at boot: `./pwa/sound.mjs` relative to the page, in the working tree
// and in the built site alike (precached with the rest, so sound works offline).
//
//   play(context, name, volume)   plays the sound `name` (one of SOUNDS) on `context`, an
//                                 AudioContext the page created in a gesture's handler (browsers
//                                 start audio only after one); returns false for an unknown name
//                                 or a closed context
//   SOUNDS                        the names: play, draw, turn, refused, tick, win, loss
//   played                        how many times each sound was played (tests read it)
//
// Every sound is short and quiet (the page passes a volume of about 0.25 of full scale): a card
// put down is a soft slide of band-passed noise, a card drawn or turned a short bright flick of
// it, your turn a two-note chime, a refused click a low buzz, a countdown's last seconds a light
// tick each, a win a rising arpeggio and a loss a gentle falling one. Notes are sines and
// triangles with quick attacks and exponential decays, so nothing clicks or rings on.

export const SOUNDS = ["play", "draw", "turn", "refused", "tick", "win", "loss"];

/** Plays of each sound since the module loaded. */
export const played = Object.fromEntries(SOUNDS.map((name) => [name, 0]));

/** Per context: its output (a gain for the volume) and its noise buffer. */
const outputs = new WeakMap();

function output(context) {
  let found = outputs.get(context);
  if (!found) {
    const gain = context.createGain();
    gain.connect(context.destination);
    // One second of white noise, made once per context: every card sound filters a slice of it.
    const noise = context.createBuffer(1, context.sampleRate, context.sampleRate);
    const data = noise.getChannelData(0);
    let seed = 12345; // a fixed pseudo-random sequence: the same sound every time
    for (let index = 0; index < data.length; index += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      data[index] = seed / 1073741824 - 1;
    }
    found = { gain, noise };
    outputs.set(context, found);
  }
  return found;
}

/** A burst of filtered noise: `type` filter at `from` Hz gliding to `to`, `length` seconds. */
function noise(context, out, at, { type, from, to, q, length, level }) {
  const source = context.createBufferSource();
  source.buffer = out.noise;
  const filter = context.createBiquadFilter();
  filter.type = type;
  filter.Q.value = q;
  filter.frequency.setValueAtTime(from, at);
  filter.frequency.exponentialRampToValueAtTime(to, at + length);
  const envelope = context.createGain();
  envelope.gain.setValueAtTime(0.0001, at);
  envelope.gain.exponentialRampToValueAtTime(level, at + 0.006);
  envelope.gain.exponentialRampToValueAtTime(0.0001, at + length);
  source.connect(filter).connect(envelope).connect(out.gain);
  // A random place in the buffer each time, so two cards in a row do not sound identical.
  source.start(at, Math.random() * 0.5, length + 0.02);
}

/** A note: `wave` at `frequency` Hz (gliding to `to` if given), `length` seconds of decay. */
function note(context, out, at, { wave = "sine", frequency, to, length, level, cutoff }) {
  const oscillator = context.createOscillator();
  oscillator.type = wave;
  oscillator.frequency.setValueAtTime(frequency, at);
  if (to) oscillator.frequency.exponentialRampToValueAtTime(to, at + length);
  const envelope = context.createGain();
  envelope.gain.setValueAtTime(0.0001, at);
  envelope.gain.exponentialRampToValueAtTime(level, at + 0.01);
  envelope.gain.exponentialRampToValueAtTime(0.0001, at + length);
  let chain = oscillator;
  if (cutoff) {
    const filter = context.createBiquadFilter();
    filter.type = "lowpass";
    filter.frequency.value = cutoff;
    chain = chain.connect(filter);
  }
  chain.connect(envelope).connect(out.gain);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}

/** Notes one after another, `step` seconds apart, the last one held `last` seconds. */
function arpeggio(context, out, at, frequencies, { step, length, last, level, wave }) {
  frequencies.forEach((frequency, index) => {
    const final = index === frequencies.length - 1;
    const start = at + index * step;
    note(context, out, start, { wave, frequency, length: final ? last : length, level });
    // A quiet octave above gives the note a bell's shimmer.
    note(context, out, start, { frequency: frequency * 2, length: (final ? last : length) * 0.6, level: level * 0.25 });
  });
}

const MAKERS = {
  // A card put down: a soft slide, noise swept down through a band-pass.
  play: (context, out, at) =>
    noise(context, out, at, { type: "bandpass", from: 2600, to: 700, q: 0.9, length: 0.11, level: 0.9 }),
  // A card drawn, taken or turned: a short flick, two bright ticks of high-passed noise.
  draw: (context, out, at) => {
    noise(context, out, at, { type: "highpass", from: 3500, to: 2500, q: 0.7, length: 0.035, level: 0.3 });
    noise(context, out, at + 0.045, { type: "bandpass", from: 2200, to: 1400, q: 1.2, length: 0.05, level: 0.5 });
  },
  // Your turn: a two-note chime, a rising fourth (G5, C6).
  turn: (context, out, at) => {
    note(context, out, at, { wave: "triangle", frequency: 784, length: 0.35, level: 0.35 });
    note(context, out, at + 0.13, { wave: "triangle", frequency: 1047, length: 0.5, level: 0.35 });
    note(context, out, at + 0.13, { frequency: 2094, length: 0.25, level: 0.06 });
  },
  // A refused click: a low, short, muffled buzz that drops a little.
  refused: (context, out, at) =>
    note(context, out, at, { wave: "sawtooth", frequency: 130, to: 105, length: 0.16, level: 0.3, cutoff: 700 }),
  // A countdown's last seconds: a light woodblock tick.
  tick: (context, out, at) =>
    note(context, out, at, { wave: "triangle", frequency: 1320, to: 1100, length: 0.05, level: 0.3 }),
  // A win: a rising major arpeggio (C5 E5 G5 C6), the top note held.
  win: (context, out, at) =>
    arpeggio(context, out, at, [523.25, 659.25, 783.99, 1046.5], { step: 0.09, length: 0.22, last: 0.7, level: 0.3, wave: "triangle" }),
  // A loss: a gentle falling minor arpeggio (G4 E♭4 C4), slower and softer.
  loss: (context, out, at) =>
    arpeggio(context, out, at, [392, 311.13, 261.63], { step: 0.16, length: 0.3, last: 0.7, level: 0.22, wave: "sine" }),
};

export function play(context, name, volume = 0.25) {
  const make = MAKERS[name];
  if (!make || !context || context.state === "closed") return false;
  if (context.state === "suspended") context.resume().catch(() => {});
  const out = output(context);
  const now = context.currentTime;
  out.gain.gain.setValueAtTime(Math.max(0, Math.min(1, Number(volume))), now);
  make(context, out, now + 0.005);
  played[name] += 1;
  return true;
}
