import { z } from 'zod';
// The Russian locale alone: `z.locales` would pull every language into the browser bundle.
import ru from 'zod/v4/locales/ru.js';

// Default zod messages (missing field, wrong type, ...) in Russian, on the server and in the browser alike.
// Every schema module imports zod from here, so whatever uses a schema has the locale set; a page that only
// needs constants or messages loads no zod at all (decision 013).
z.config(ru());

export { z };
