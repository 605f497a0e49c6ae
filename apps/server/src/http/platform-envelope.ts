/** The messaging API's success envelope (Applozic `{status, generatedAt, response}`). */
export const platformOk = <T>(response: T) => ({
  status: 'success' as const,
  generatedAt: Date.now(),
  response,
});
