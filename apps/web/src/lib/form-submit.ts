import { useForm } from '@mantine/form';
import { isApiError } from '@/lib/api-client';
import { showSuccessToast } from '@/lib/notify';

/**
 * Submitting back-office and cabinet forms (lib/forms.ts stays free of imports: the order funnel's first load
 * reads it). A form that edits a record: controlled, checked by its contract-schema validator on submit and on
 * leaving a field.
 */
export function useValidatedForm<Values extends Record<string, unknown>>(
  initialValues: Values,
  validate: (values: Values) => Record<string, string>,
) {
  return useForm<Values>({ mode: 'controlled', initialValues, validate, validateInputOnBlur: true });
}

/**
 * Puts a refused request's field messages (400 `details`) next to the fields of a Mantine form. A detail's path
 * names the field by its last segment (`body.name` → `name`) unless `fieldOf` says otherwise.
 */
export function setServerFieldErrors(
  form: { setFieldError: (path: string, message: string) => void },
  error: unknown,
  fieldOf: (path: string) => string = (path) => path.split('.').at(-1) ?? '',
): void {
  if (!isApiError(error)) return;
  for (const detail of error.details) form.setFieldError(fieldOf(detail.path), detail.message);
}

/**
 * The mutation callbacks of a form that saves: a success toast and the next step, or the refused fields'
 * messages next to them.
 */
export function saveCallbacks<T>(
  form: { setFieldError: (path: string, message: string) => void },
  successText: string,
  onSaved: (saved: T) => void,
) {
  return {
    onSuccess: (saved: T) => {
      showSuccessToast(successText);
      onSaved(saved);
    },
    onError: (error: unknown) => setServerFieldErrors(form, error),
  };
}
