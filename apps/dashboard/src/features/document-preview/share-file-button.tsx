import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../app/toasts';
import { fileKeyOf, shareDocument } from './document-preview-api';

/** "Copy preview link" under a file of ours: a signed /document-preview link anyone can open. */
export function ShareFileButton({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation('routes');
  const key = fileKeyOf(url);
  const share = useMutation({
    mutationFn: async (fileKey: string) => {
      const link = await shareDocument(fileKey);
      await navigator.clipboard.writeText(link.url);
      return link;
    },
    onSuccess: () => toast.success(t('documentPreview.copied')),
    onError: toastError,
  });
  if (key === null) return null;
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      loading={share.isPending}
      onClick={() => share.mutate(key)}
      aria-label={t('documentPreview.shareNamed', { name })}
    >
      {t('documentPreview.share')}
    </Button>
  );
}
