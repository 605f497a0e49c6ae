export function DocumentPreviewPage() {
  return null;
}
