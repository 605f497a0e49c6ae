// The help center's dashboard paths (SPEC §2: /helpcenter/content; /faq shows the same content).
export const HELP_CENTER_CONTENT_PATH = '/helpcenter/content';
export const FAQ_PATH = '/faq';
export const HELP_CENTER_CUSTOMIZATION_PATH = '/helpcenter/customization';
export const HELP_CENTER_ANSWER_BOT_PATH = '/helpcenter/answer-bot';
