/** Settings → Factuuropmaak → E-mailteksten: the user's texts per kind and language (/api/settings/mail-templates). */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DocumentLanguage } from "@shared/invoices/document-texts";
import type { MailTemplate, MailTemplateFormInput, MailTemplateKind } from "@shared/schemas/mail-templates";
import { apiRequest } from "@client/lib/api";

export const mailTemplatesQueryKey = ["/api/settings/mail-templates"] as const;

export function useMailTemplates() {
  return useQuery(queryOptions<MailTemplate[]>({ queryKey: mailTemplatesQueryKey }));
}

type TemplateKey = { kind: MailTemplateKind; language: DocumentLanguage };

const templateUrl = ({ kind, language }: TemplateKey) => `/api/settings/mail-templates/${kind}/${language}`;

/** Puts the answer in place of the template it replaces, so the list stays one query. */
function useReplaceInList() {
  const queryClient = useQueryClient();
  return (saved: MailTemplate) =>
    queryClient.setQueryData<MailTemplate[]>(mailTemplatesQueryKey, (list) =>
      list?.map((template) =>
        template.kind === saved.kind && template.language === saved.language ? saved : template,
      ),
    );
}

export function useSaveMailTemplate() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: ({ key, input }: { key: TemplateKey; input: MailTemplateFormInput }) =>
      apiRequest<MailTemplate>("PUT", templateUrl(key), input),
    meta: { booksUnaffected: true },
    onSuccess: replace,
  });
}

export function useResetMailTemplate() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: (key: TemplateKey) => apiRequest<MailTemplate>("DELETE", templateUrl(key)),
    meta: { booksUnaffected: true },
    onSuccess: replace,
  });
}
