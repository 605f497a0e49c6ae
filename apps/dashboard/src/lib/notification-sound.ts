// The notification sounds of SPEC §9 as short synthesised tones (no audio files to ship): each
// sound is a few notes; 'no_sound' has none. The widget plays a new message's sound the same way.

import type { Sound } from '@convo/domain';

export interface Note {
  /** Hz. */
  frequency: number;
  /** Seconds from the start of the sound. */
  at: number;
  /** Seconds. */
  duration: number;
  type: OscillatorType;
}

const note = (frequency: number, at: number, duration: number, type: OscillatorType = 'sine'): Note => ({
  frequency,
  at,
  duration,
  type,
});

export const SOUND_NOTES: Readonly<Record<Sound, readonly Note[]>> = {
  eventually: [note(659.25, 0, 0.14), note(880, 0.12, 0.22)],
  subtle: [note(1046.5, 0, 0.12)],
  intuition: [note(523.25, 0, 0.1), note(783.99, 0.09, 0.1), note(1046.5, 0.18, 0.2)],
  light: [note(1318.5, 0, 0.08, 'triangle'), note(1567.98, 0.07, 0.12, 'triangle')],
  open_ended: [note(587.33, 0, 0.16), note(739.99, 0.15, 0.16), note(587.33, 0.3, 0.22)],
  one_on_one: [note(880, 0, 0.09, 'square'), note(880, 0.16, 0.09, 'square')],
  modern_ring: [
    note(987.77, 0, 0.1, 'triangle'),
    note(783.99, 0.1, 0.1, 'triangle'),
    note(987.77, 0.2, 0.1, 'triangle'),
    note(783.99, 0.3, 0.16, 'triangle'),
  ],
  no_sound: [],
};

/** Total length in seconds (0 for silence). */
export function soundLength(sound: Sound): number {
  return SOUND_NOTES[sound].reduce((end, n) => Math.max(end, n.at + n.duration), 0);
}

let context: AudioContext | null = null;

/** Plays the sound once; resolves when it has finished. Silent for 'no_sound'. */
export async function playSound(sound: Sound): Promise<void> {
  const notes = SOUND_NOTES[sound];
  if (notes.length === 0) return;
  context ??= new AudioContext();
  if (context.state === 'suspended') await context.resume();
  const start = context.currentTime + 0.02;
  for (const n of notes) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = n.type;
    osc.frequency.value = n.frequency;
    // A short attack and release: no clicks.
    gain.gain.setValueAtTime(0, start + n.at);
    gain.gain.linearRampToValueAtTime(0.18, start + n.at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + n.at + n.duration);
    osc.connect(gain).connect(context.destination);
    osc.start(start + n.at);
    osc.stop(start + n.at + n.duration + 0.02);
  }
  await new Promise((resolve) => setTimeout(resolve, soundLength(sound) * 1000 + 60));
}
