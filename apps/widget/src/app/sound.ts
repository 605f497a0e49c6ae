// Notification sounds of SPEC §9, made with WebAudio (no audio files): each name is a short tune.
import type { Sound } from '@convo/domain';

type Note = [frequency: number, startS: number, lengthS: number];

const TUNES: Record<Exclude<Sound, 'no_sound'>, Note[]> = {
  eventually: [
    [660, 0, 0.12],
    [880, 0.12, 0.18],
  ],
  subtle: [[740, 0, 0.16]],
  intuition: [
    [523, 0, 0.1],
    [659, 0.1, 0.1],
    [784, 0.2, 0.16],
  ],
  light: [[1046, 0, 0.1]],
  open_ended: [
    [784, 0, 0.12],
    [587, 0.14, 0.2],
  ],
  one_on_one: [
    [880, 0, 0.08],
    [880, 0.14, 0.08],
  ],
  modern_ring: [
    [988, 0, 0.1],
    [784, 0.1, 0.1],
    [988, 0.2, 0.1],
    [784, 0.3, 0.14],
  ],
};

let context: AudioContext | null = null;

export function playSound(name: Sound): void {
  if (name === 'no_sound') return;
  try {
    context ??= new AudioContext();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume();
    const t0 = ctx.currentTime + 0.01;
    for (const [frequency, start, length] of TUNES[name]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.15, t0 + start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
  } catch {
    // Autoplay rules may refuse sound before the visitor touched the page: not an error (SPEC §8).
  }
}
