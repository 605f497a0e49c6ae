// Message HTML (content type 3) through DOMPurify with the SPEC §5 whitelist of @convo/domain.

import {
  MESSAGE_HTML_ALLOWED_ATTRIBUTES,
  MESSAGE_HTML_ALLOWED_TAGS,
  MESSAGE_HTML_ALLOWED_URI,
} from '@convo/domain';
import DOMPurify from 'dompurify';

let hooked = false;

export function sanitizeMessageHtml(html: string): string {
  if (!hooked) {
    // Links open in a new tab without giving the opened page a handle on the dashboard.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...MESSAGE_HTML_ALLOWED_TAGS],
    ALLOWED_ATTR: [...MESSAGE_HTML_ALLOWED_ATTRIBUTES],
    ALLOWED_URI_REGEXP: MESSAGE_HTML_ALLOWED_URI,
  });
}
