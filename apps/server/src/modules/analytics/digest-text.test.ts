import { describe, expect, it } from 'vitest';
import { digestMail } from './digest-text.js';

const content = {
  timeZone: 'Asia/Kolkata',
  firstDay: '2026-11-09',
  lastDay: '2026-11-15',
  figures: {
    bucket: null,
    new_count: 1200,
    open_count: 3,
    resolved_count: 9,
    avg_first_response_ms: 90_000,
    avg_resolution_ms: 90_000_000,
  },
  csat: { total: 4, averages: { new: 4.5, old: 7.5 } },
};

describe('digestMail', () => {
  it('writes the figures in each of the four languages, durations as d h m s', () => {
    const en = digestMail({ ...content, language: 'en' });
    expect(en.subject).toBe('Weekly digest: week of November 9, 2026');
    expect(en.text).toContain('Your support week from November 9, 2026 to November 15, 2026 (Asia/Kolkata):');
    expect(en.text).toContain('New conversations: 1,200\n');
    expect(en.text).toContain('Average first response: 1m 30s\n');
    expect(en.text).toContain('Average resolution: 1d 1h 0m 0s\n');
    // The two scales are never averaged together.
    expect(en.text).toContain('CSAT ratings: 4, average 4.5 / 5, average 7.5 / 10 (old scale)\n');
    const es = digestMail({ ...content, language: 'es' });
    expect(es.subject).toBe('Resumen semanal: semana del 9 de noviembre de 2026');
    expect(es.text).toContain('Conversaciones nuevas: 1200\n');
    expect(es.text).toContain('Valoraciones CSAT: 4, media 4,5 / 5, media 7,5 / 10 (escala antigua)');
    const fr = digestMail({ ...content, language: 'fr' });
    expect(fr.text).toContain('Résolues: 9\n');
    expect(fr.text).toContain('moyenne 4,5 / 5');
    const kn = digestMail({ ...content, language: 'kn' });
    expect(kn.subject).toMatch(/^ವಾರದ ಸಾರಾಂಶ: .+ ರ ವಾರ$/);
    expect(kn.text).toContain('ಹೊಸ ಸಂಭಾಷಣೆಗಳು: 1,200\n');
    expect(kn.text).toContain('(ಹಳೆಯ ಮಾಪನ)');
    expect(kn.text).not.toContain('{');
  });

  it('leaves out the averages when there are no ratings', () => {
    const mail = digestMail({
      ...content,
      language: 'en',
      csat: { total: 0, averages: { new: null, old: null } },
    });
    expect(mail.text).toContain('CSAT ratings: 0\n');
  });
});
