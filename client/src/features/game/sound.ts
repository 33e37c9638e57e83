/*
 * The table's sounds, made on the spot with the Web Audio API (no audio files): a chip's click, a card's
 * swish, and a short rising or falling pair of notes for a hand won or lost. Quiet and short; nothing
 * plays unless the player turned sound on (the toggle is the gesture that lets the browser start audio).
 */

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

/** Starts the audio when the player turns sound on (browsers allow it only from a click or a key). */
export function unlockSound(): void {
  audio();
}

/** A short burst of noise through a band-pass filter. */
function noise(ctx: AudioContext, at: number, duration: number, frequency: number, q: number, gain: number) {
  const length = Math.ceil(ctx.sampleRate * duration);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = frequency;
  filter.Q.value = q;
  const level = ctx.createGain();
  level.gain.setValueAtTime(gain, at);
  level.gain.exponentialRampToValueAtTime(0.0001, at + duration);
  source.connect(filter).connect(level).connect(ctx.destination);
  source.start(at);
  source.stop(at + duration);
}

function tone(ctx: AudioContext, at: number, duration: number, frequency: number, gain: number, type: OscillatorType = 'sine') {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, at);
  const level = ctx.createGain();
  level.gain.setValueAtTime(0.0001, at);
  level.gain.exponentialRampToValueAtTime(gain, at + 0.015);
  level.gain.exponentialRampToValueAtTime(0.0001, at + duration);
  osc.connect(level).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + duration + 0.02);
}

/** A chip set down on the felt. */
export function playChip(): void {
  const ctx = audio();
  if (!ctx) return;
  const at = ctx.currentTime;
  tone(ctx, at, 0.05, 2400, 0.05, 'triangle');
  noise(ctx, at, 0.04, 3500, 3, 0.08);
}

/** Each card as it leaves the shoe, `delays` in ms from now. */
export function playCards(delays: readonly number[]): void {
  const ctx = audio();
  if (!ctx) return;
  for (const ms of delays) noise(ctx, ctx.currentTime + ms / 1000, 0.09, 1800, 0.8, 0.07);
}

/** The hand's result: two notes up for a win, down for a loss, nothing for a push. */
export function playResult(net: number): void {
  const ctx = audio();
  if (!ctx || net === 0) return;
  const at = ctx.currentTime;
  const [first, second] = net > 0 ? [660, 990] : [392, 262];
  tone(ctx, at, 0.14, first, 0.06);
  tone(ctx, at + 0.12, 0.2, second, 0.06);
}
