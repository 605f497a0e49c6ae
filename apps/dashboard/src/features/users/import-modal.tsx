import { CUSTOMER_IMPORT_BATCH_MAX, type CustomerImportResult } from '@convo/api';
import { type CustomerCsvRow, countCsvRecords, parseCustomerCsv } from '@convo/domain';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api/api-error';
import { importBatch, usersKeys } from './users-api';

const NS = 'users';

interface Report {
  created: number;
  updated: number;
  errors: CustomerImportResult['errors'];
}

type State =
  | { step: 'pick'; problem: string | null }
  | { step: 'ready'; rows: CustomerCsvRow[]; fileName: string }
  | { step: 'running'; done: number; total: number }
  | { step: 'done'; report: Report; total: number };

/**
 * CSV import (SPEC §5, §7 user/import/bulk): the header row is read, empty lines are not counted,
 * columns are found case-insensitively; rows go in batches with a progress bar, and every row
 * that failed is listed with its line and reason. A batch the server could not take is reported
 * row by row too, so nothing is silently lost.
 */
export function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ step: 'pick', problem: null });

  const close = () => {
    if (state.step === 'running') return;
    setState({ step: 'pick', problem: null });
    onClose();
  };

  const pick = async (file: File | null) => {
    if (file === null) return;
    const text = await file.text();
    const parsed = parseCustomerCsv(text);
    if (!parsed.ok) {
      setState({
        step: 'pick',
        problem: t(parsed.code === 'EMPTY_FILE' ? 'import.empty' : 'import.noUserId'),
      });
      return;
    }
    if (countCsvRecords(text) === 0 || parsed.rows.length === 0) {
      setState({ step: 'pick', problem: t('import.noRecords') });
      return;
    }
    setState({ step: 'ready', rows: parsed.rows, fileName: file.name });
  };

  const run = async (rows: CustomerCsvRow[]) => {
    const report: Report = { created: 0, updated: 0, errors: [] };
    setState({ step: 'running', done: 0, total: rows.length });
    for (let i = 0; i < rows.length; i += CUSTOMER_IMPORT_BATCH_MAX) {
      const batch = rows.slice(i, i + CUSTOMER_IMPORT_BATCH_MAX);
      try {
        const result = await importBatch(batch);
        report.created += result.created;
        report.updated += result.updated;
        report.errors.push(...result.errors);
      } catch (error) {
        const message = isApiError(error) ? error.message : t('import.batchFailed');
        report.errors.push(...batch.map((r) => ({ line: r.line, userId: r.userId, message })));
      }
      setState({ step: 'running', done: Math.min(rows.length, i + batch.length), total: rows.length });
    }
    setState({ step: 'done', report, total: rows.length });
    void queryClient.invalidateQueries({ queryKey: usersKeys.all });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('import.title')} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('import.help')}
        </Text>
        {(state.step === 'pick' || state.step === 'ready') && (
          <FileInput
            label={t('import.file')}
            accept=".csv,text/csv"
            placeholder={t('import.choose')}
            onChange={(f) => void pick(f)}
            data-autofocus
          />
        )}
        {state.step === 'pick' && state.problem !== null && (
          <Alert color="red" role="alert">
            {state.problem}
          </Alert>
        )}
        {state.step === 'ready' && (
          <Group justify="space-between">
            <Text size="sm">{t('import.records', { count: state.rows.length })}</Text>
            <Button onClick={() => void run(state.rows)}>{t('import.start')}</Button>
          </Group>
        )}
        {state.step === 'running' && (
          <Stack gap={4}>
            <Progress value={(state.done / state.total) * 100} aria-label={t('import.progress')} animated />
            <Text size="sm" c="dimmed">
              {t('import.progressText', { done: state.done, total: state.total })}
            </Text>
          </Stack>
        )}
        {state.step === 'done' && (
          <Stack gap="xs" data-testid="import-report">
            <Text>
              {t('import.summary', {
                created: state.report.created,
                updated: state.report.updated,
                failed: state.report.errors.length,
              })}
            </Text>
            {state.report.errors.length > 0 && (
              <ScrollArea.Autosize mah={260}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('import.line')}</Table.Th>
                      <Table.Th>{t('columns.userId')}</Table.Th>
                      <Table.Th>{t('import.reason')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {state.report.errors.map((e) => (
                      <Table.Tr key={`${e.line}-${e.userId}`}>
                        <Table.Td>{e.line}</Table.Td>
                        <Table.Td>{e.userId}</Table.Td>
                        <Table.Td>{e.message}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
            <Group justify="flex-end">
              <Button onClick={close}>{t('import.close')}</Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
