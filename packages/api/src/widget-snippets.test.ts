import { describe, expect, it } from 'vitest';
import { iframeSnippet, scriptSnippet, sideboxSnippet } from './widget-snippets.js';

const input = { origin: 'https://chat.example.com', appId: 'app-1"x', variant: 'classic' as const };

describe('widget snippets', () => {
  it('script: application id, popup widget and auto-open on, the loader of the variant', () => {
    const s = scriptSnippet(input);
    expect(s).toContain('appId: "app-1\\"x"');
    expect(s).toContain('popupWidget: true');
    expect(s).toContain('automaticChatOpenOnNavigation: true');
    expect(s).toContain('"https://chat.example.com/widget/loader.js"');
    expect(scriptSnippet({ ...input, variant: 'agentic' })).toContain('/widget/agentic/loader.js');
  });

  it('iframe and sidebox point at the frame and the sidebox script with the id escaped', () => {
    expect(iframeSnippet(input)).toContain('/widget/frame.html?appId=app-1%22x&mode=embedded');
    const side = sideboxSnippet(input);
    expect(side).toContain('src="https://chat.example.com/widget/sidebox.js"');
    expect(side).toContain('Convo.sidebox({ appId: "app-1\\"x" })');
  });
});
