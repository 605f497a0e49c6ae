// A small, faithful rendering of the chat widget on a page: the open window above its launcher,
// in the chosen colours, corner, icon and texts. Drawn with plain elements (it depicts the widget,
// it is not part of the dashboard's own UI), and hidden from assistive technology but its label.

import { Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { initials, type PreviewModel } from '../lib/widget-preview-model';
import { NS } from '../pages/section-page';
import { LauncherIconGlyph } from './launcher-icons';

interface WidgetPreviewProps {
  model: PreviewModel;
  /** The first welcome message when it is on; a sample otherwise. */
  welcome: string | null;
  poweredBy: boolean;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export function WidgetPreview({ model, welcome, poweredBy }: WidgetPreviewProps) {
  const { t } = useTranslation(NS);
  const agentName = t('customization.preview.agentName');
  const edge: CSSProperties = model.side === 'left' ? { left: 16 } : { right: 16 };
  const bubble: CSSProperties = {
    maxWidth: '80%',
    padding: '7px 10px',
    borderRadius: 12,
    fontSize: 12,
    lineHeight: 1.35,
    wordBreak: 'break-word',
  };

  return (
    <figure style={{ margin: 0 }}>
      <Text component="figcaption" fw={600} size="sm" mb={6}>
        {t('customization.preview.label')}
      </Text>
      <div
        data-testid="widget-preview"
        data-position={model.side}
        aria-hidden="true"
        style={{
          position: 'relative',
          height: 500,
          borderRadius: 12,
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-gray-3)',
          background: 'linear-gradient(180deg, #f4f6f8 0, #eef1f4 100%)',
          fontFamily: FONT,
        }}
      >
        {/* The host page, sketched. */}
        <div style={{ padding: 16, display: 'grid', gap: 8, opacity: 0.7 }}>
          <div style={{ height: 14, width: '45%', background: '#d9dee4', borderRadius: 4 }} />
          <div style={{ height: 8, width: '80%', background: '#e2e6ea', borderRadius: 4 }} />
          <div style={{ height: 8, width: '70%', background: '#e2e6ea', borderRadius: 4 }} />
        </div>

        {/* The open chat window. */}
        <div
          data-testid="preview-window"
          style={{
            position: 'absolute',
            bottom: 84,
            ...edge,
            width: 'min(270px, calc(100% - 32px))',
            height: 360,
            display: 'flex',
            flexDirection: 'column',
            background: '#fff',
            borderRadius: 14,
            boxShadow: '0 10px 30px rgba(17, 24, 39, 0.18)',
            overflow: 'hidden',
          }}
        >
          <div
            data-testid="preview-header"
            style={{
              background: model.primary,
              color: model.secondary,
              padding: '12px 14px',
              display: 'flex',
              alignItems: 'center',
              gap: 10,
            }}
          >
            {model.showAvatars && (
              <div
                data-testid="preview-avatar"
                style={{
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  flexShrink: 0,
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 12,
                  fontWeight: 700,
                  color: model.primary,
                  background: model.secondary,
                }}
              >
                {initials(agentName)}
              </div>
            )}
            <div style={{ minWidth: 0 }}>
              <div
                data-testid="preview-title"
                style={{
                  fontWeight: 700,
                  fontSize: 14,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {model.title}
              </div>
              {model.subtitle && (
                <div
                  style={{
                    fontSize: 11,
                    opacity: 0.85,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {model.subtitle}
                </div>
              )}
            </div>
          </div>

          <div
            style={{
              flex: 1,
              padding: 12,
              display: 'flex',
              flexDirection: 'column',
              gap: 8,
              background: '#fafbfc',
            }}
          >
            <div style={{ ...bubble, alignSelf: 'flex-start', background: '#eceff3', color: '#354052' }}>
              {welcome ?? t('customization.preview.agentMessage')}
            </div>
            <div
              data-testid="preview-visitor-bubble"
              style={{ ...bubble, alignSelf: 'flex-end', background: model.primary, color: model.secondary }}
            >
              {t('customization.preview.visitorMessage')}
            </div>
          </div>

          <div
            style={{
              borderTop: '1px solid #e6e9ee',
              padding: '8px 10px',
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              fontSize: 12,
              color: '#8a94a6',
            }}
          >
            <span style={{ flex: 1 }}>{t('customization.preview.input')}</span>
            <svg width="18" height="18" viewBox="0 0 24 24" fill={model.primary} aria-hidden="true">
              <path d="M3 20.5 21 12 3 3.5 3 10l12 2-12 2z" />
            </svg>
          </div>
          {poweredBy && (
            <div style={{ textAlign: 'center', fontSize: 10, color: '#9aa3b2', padding: '0 0 6px' }}>
              {t('customization.preview.poweredBy')}
            </div>
          )}
        </div>

        {/* The launcher. */}
        <div
          data-testid="preview-launcher"
          data-icon={model.icon}
          style={{
            position: 'absolute',
            bottom: 16,
            ...edge,
            width: 56,
            height: 56,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            background: model.primary,
            color: model.secondary,
            boxShadow: '0 6px 16px rgba(17, 24, 39, 0.25)',
          }}
        >
          <LauncherIconGlyph icon={model.icon} size={26} />
        </div>
      </div>
    </figure>
  );
}
