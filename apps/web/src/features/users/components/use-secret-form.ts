import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';

/**
 * The form that creates something whose secret the server shows once (an API token, a webhook
 * endpoint): the server's rules on the page (the shared schema's resolver), the refusal in words, the
 * form emptied and the list read again after each try, the created thing handed to `onCreated`.
 */
export function useSecretForm<Input extends FieldValues, Created>(o: {
  namespace: string;
  resolver: Resolver<Input>;
  defaults: DefaultValues<Input>;
  post: (input: Input) => Promise<Created>;
  listKey: QueryKey;
  onCreated: (created: Created) => void;
}) {
  const { t } = useTranslation(o.namespace);
  const qc = useQueryClient();
  const message = useErrorMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Input>({ resolver: o.resolver, defaultValues: o.defaults, reValidateMode: 'onChange' });
  /** A field's message code in words (`validation.<code>`), the code itself when it has none. */
  const msg = (m?: string) => (m ? t(`validation.${m}`, { defaultValue: m }) : null);
  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const created = await o.post(input);
      form.reset(o.defaults);
      o.onCreated(created);
    } catch (err) {
      setFailure(message(err, { details: `${o.namespace}:validation` }));
    } finally {
      await qc.invalidateQueries({ queryKey: o.listKey });
    }
  });
  return { t, form, msg, failure, onSubmit };
}
