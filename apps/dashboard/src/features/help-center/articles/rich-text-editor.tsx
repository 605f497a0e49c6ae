// The article editor (Tiptap): headings, bold/italic, lists, links, images uploaded to the file
// storage, tables and code blocks. It hands HTML out; the server sanitizes it with its whitelist.

import { ActionIcon, Group, Paper, Tooltip } from '@mantine/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../app/toasts';
import { uploadArticleImage } from '../help-center-api';
import './rich-text-editor.css';

const NS = 'helpCenter';
const MAX_IMAGE_BYTES = 3 * 1024 * 1024;

function ToolButton({
  label,
  active = false,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        color="teal"
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
        size="md"
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export function RichTextEditor({
  initialHtml,
  onChange,
  label,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  label: string;
}) {
  const { t } = useTranslation(NS);
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image,
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: initialHtml,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
      code: e?.isActive('codeBlock') ?? false,
      table: e?.isActive('table') ?? false,
    }),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();

  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const url = window.prompt(t('editor.linkPrompt'), previous);
    if (url === null) return;
    if (url.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: url.trim() }).run();
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      toast.error(t('editor.imageTooLarge'));
      return;
    }
    try {
      const uploaded = await uploadArticleImage(file);
      chain()
        .setImage({ src: uploaded.url, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch (error) {
      toastError(error);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Paper withBorder className="hc-editor">
      <Group gap={4} p={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} wrap="wrap">
        <ToolButton
          label={t('editor.h2')}
          active={state?.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          H2
        </ToolButton>
        <ToolButton
          label={t('editor.h3')}
          active={state?.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          H3
        </ToolButton>
        <ToolButton label={t('editor.bold')} active={state?.bold} onClick={() => chain().toggleBold().run()}>
          <b>B</b>
        </ToolButton>
        <ToolButton
          label={t('editor.italic')}
          active={state?.italic}
          onClick={() => chain().toggleItalic().run()}
        >
          <i>I</i>
        </ToolButton>
        <ToolButton
          label={t('editor.bulletList')}
          active={state?.bullet}
          onClick={() => chain().toggleBulletList().run()}
        >
          •
        </ToolButton>
        <ToolButton
          label={t('editor.orderedList')}
          active={state?.ordered}
          onClick={() => chain().toggleOrderedList().run()}
        >
          1.
        </ToolButton>
        <ToolButton label={t('editor.link')} active={state?.link} onClick={setLink}>
          🔗
        </ToolButton>
        <ToolButton label={t('editor.image')} onClick={() => fileInput.current?.click()}>
          🖼
        </ToolButton>
        <ToolButton
          label={t('editor.table')}
          active={state?.table}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        >
          ▦
        </ToolButton>
        {state?.table && (
          <>
            <ToolButton label={t('editor.addRow')} onClick={() => chain().addRowAfter().run()}>
              +R
            </ToolButton>
            <ToolButton label={t('editor.addColumn')} onClick={() => chain().addColumnAfter().run()}>
              +C
            </ToolButton>
            <ToolButton label={t('editor.deleteTable')} onClick={() => chain().deleteTable().run()}>
              ✕
            </ToolButton>
          </>
        )}
        <ToolButton
          label={t('editor.codeBlock')}
          active={state?.code}
          onClick={() => chain().toggleCodeBlock().run()}
        >
          {'</>'}
        </ToolButton>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          data-testid="article-image-input"
          onChange={(e) => void onFile(e.currentTarget.files?.[0])}
        />
      </Group>
      <EditorContent editor={editor} />
    </Paper>
  );
}
