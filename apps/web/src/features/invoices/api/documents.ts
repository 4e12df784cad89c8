import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderDocument } from '@app/contracts';
import { api, type ListAnswer } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';

export type { OrderDocument } from '@app/contracts';

export const DOCUMENT_KIND_LABELS: Record<OrderDocument['kind'], string> = {
  invoice: 'Счёт',
  act: 'Акт',
};

export const myDocumentsQueryOptions = queryOptions({
  queryKey: ['cabinet', 'documents'],
  queryFn: () => api.get<ListAnswer<OrderDocument>>('/user/documents', { area: 'cabinet' }),
});

export function useMyDocuments() {
  return useQuery(myDocumentsQueryOptions);
}

export function documentFileName(document: Pick<OrderDocument, 'kind' | 'number'>): string {
  return `${DOCUMENT_KIND_LABELS[document.kind]} ${document.number}.pdf`;
}

export function downloadDocument(document: OrderDocument) {
  return downloadApiFile(
    `/user/documents/${encodeURIComponent(document.id)}/download`,
    documentFileName(document),
  );
}

/**
 * Generates an invoice or an act for the order and downloads it at once; asked again, the server returns the
 * stored one, so this also opens an existing document. Staff call it from the CRM order page (`area: 'crm'`).
 */
export function useGenerateDocument(orderId: string, area: 'cabinet' | 'crm' = 'cabinet') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kind: OrderDocument['kind']) => {
      const document = await api.post<OrderDocument>(
        `/user/orders/${encodeURIComponent(orderId)}/generate-${kind}`,
        undefined,
        { area, timeoutMs: 120_000 },
      );
      await downloadDocument(document);
      return document;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myDocumentsQueryOptions.queryKey }),
  });
}
