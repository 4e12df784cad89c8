import { useState } from 'react';
import type { FieldErrors } from '../model/draft-store';
import { useServerErrors } from './use-order-draft';

/**
 * Errors show after the first 'Далее' and then follow the entries live; the server's errors of the last
 * submit stay next to their fields until the visitor edits the draft again.
 */
export function useStepErrors(validate: () => FieldErrors) {
  const [isTouched, setTouched] = useState(false);
  const serverErrors = useServerErrors();
  const errors: FieldErrors = { ...serverErrors, ...(isTouched ? validate() : {}) };
  return {
    errors,
    /** Marks the step as attempted; answers whether it is valid (`now`: validators loaded after render). */
    check: (now: () => FieldErrors = validate) => {
      setTouched(true);
      return Object.keys(now()).length === 0;
    },
  };
}
