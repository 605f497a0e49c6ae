import { fillPlaceholders, formatDuration, type Language } from '@convo/domain';
import type { FigureRow } from './repository.js';

// The weekly digest's words in the recipient's dashboard language (en, es, fr, kn; SPEC §9
// durations as d h m s). Dates are the recipient's local calendar days.

interface DigestWords {
  subject: string;
  intro: string;
  newConversations: string;
  open: string;
  resolved: string;
  firstResponse: string;
  resolution: string;
  ratings: string;
  average: string;
  oldScale: string;
  footer: string;
}

const WORDS: Record<Language, DigestWords> = {
  en: {
    subject: 'Weekly digest: week of {from}',
    intro: 'Your support week from {from} to {to} ({zone}):',
    newConversations: 'New conversations',
    open: 'Still open',
    resolved: 'Resolved',
    firstResponse: 'Average first response',
    resolution: 'Average resolution',
    ratings: 'CSAT ratings',
    average: 'average {value} / {max}',
    oldScale: 'old scale',
    footer: 'You receive this because you chose the weekly digest in your notification preferences.',
  },
  es: {
    subject: 'Resumen semanal: semana del {from}',
    intro: 'Tu semana de soporte del {from} al {to} ({zone}):',
    newConversations: 'Conversaciones nuevas',
    open: 'Aún abiertas',
    resolved: 'Resueltas',
    firstResponse: 'Primera respuesta media',
    resolution: 'Resolución media',
    ratings: 'Valoraciones CSAT',
    average: 'media {value} / {max}',
    oldScale: 'escala antigua',
    footer: 'Recibes este correo porque elegiste el resumen semanal en tus preferencias de notificación.',
  },
  fr: {
    subject: 'Résumé hebdomadaire : semaine du {from}',
    intro: 'Votre semaine de support du {from} au {to} ({zone}) :',
    newConversations: 'Nouvelles conversations',
    open: 'Encore ouvertes',
    resolved: 'Résolues',
    firstResponse: 'Première réponse moyenne',
    resolution: 'Résolution moyenne',
    ratings: 'Évaluations CSAT',
    average: 'moyenne {value} / {max}',
    oldScale: 'ancienne échelle',
    footer:
      'Vous recevez ce message car vous avez choisi le résumé hebdomadaire dans vos préférences de notification.',
  },
  kn: {
    subject: 'ವಾರದ ಸಾರಾಂಶ: {from} ರ ವಾರ',
    intro: '{from} ರಿಂದ {to} ರವರೆಗಿನ ನಿಮ್ಮ ಬೆಂಬಲ ವಾರ ({zone}):',
    newConversations: 'ಹೊಸ ಸಂಭಾಷಣೆಗಳು',
    open: 'ಇನ್ನೂ ತೆರೆದಿರುವವು',
    resolved: 'ಪರಿಹರಿಸಲಾದವು',
    firstResponse: 'ಸರಾಸರಿ ಮೊದಲ ಪ್ರತಿಕ್ರಿಯೆ',
    resolution: 'ಸರಾಸರಿ ಪರಿಹಾರ ಸಮಯ',
    ratings: 'CSAT ರೇಟಿಂಗ್‌ಗಳು',
    average: 'ಸರಾಸರಿ {value} / {max}',
    oldScale: 'ಹಳೆಯ ಮಾಪನ',
    footer: 'ನಿಮ್ಮ ಅಧಿಸೂಚನೆ ಆದ್ಯತೆಗಳಲ್ಲಿ ವಾರದ ಸಾರಾಂಶವನ್ನು ಆರಿಸಿದ್ದರಿಂದ ನೀವು ಇದನ್ನು ಪಡೆಯುತ್ತಿದ್ದೀರಿ.',
  },
};

export interface DigestContent {
  language: Language;
  timeZone: string;
  /** The week's first and last local calendar days (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
  figures: FigureRow;
  csat: { total: number; averages: { new: number | null; old: number | null } };
}

/** The digest mail's subject and text in the recipient's language. */
export function digestMail(c: DigestContent): { subject: string; text: string } {
  const w = WORDS[c.language];
  const dayFormat = new Intl.DateTimeFormat(c.language, { dateStyle: 'long', timeZone: 'UTC' });
  const day = (d: string) => dayFormat.format(Date.parse(`${d}T00:00:00Z`));
  const number = new Intl.NumberFormat(c.language, { maximumFractionDigits: 2 });
  const time = (ms: number | null) => (ms === null ? '—' : formatDuration(Math.round(ms / 1000)));
  const averages = [
    c.csat.averages.new === null
      ? null
      : fillPlaceholders(w.average, { value: number.format(c.csat.averages.new), max: 5 }),
    c.csat.averages.old === null
      ? null
      : `${fillPlaceholders(w.average, { value: number.format(c.csat.averages.old), max: 10 })} (${w.oldScale})`,
  ].filter((a): a is string => a !== null);
  const f = c.figures;
  const from = day(c.firstDay);
  return {
    subject: fillPlaceholders(w.subject, { from }),
    text: [
      fillPlaceholders(w.intro, { from, to: day(c.lastDay), zone: c.timeZone }),
      '',
      `${w.newConversations}: ${number.format(f.new_count)}`,
      `${w.open}: ${number.format(f.open_count)}`,
      `${w.resolved}: ${number.format(f.resolved_count)}`,
      `${w.firstResponse}: ${time(f.avg_first_response_ms)}`,
      `${w.resolution}: ${time(f.avg_resolution_ms)}`,
      `${w.ratings}: ${number.format(c.csat.total)}${averages.length ? `, ${averages.join(', ')}` : ''}`,
      '',
      w.footer,
    ].join('\n'),
  };
}
