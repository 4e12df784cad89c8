import { useQuery } from '@tanstack/react-query';
import { formParamsQueryOptions } from '@/lib/form-params';

export { EMPTY_FORM_PARAMS, formParamsQueryOptions } from '@/lib/form-params';

export function useFormParams() {
  return useQuery(formParamsQueryOptions);
}
