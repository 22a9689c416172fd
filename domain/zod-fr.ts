import { z } from 'zod';
import { fr } from 'zod/locales';

// Every schema's default messages in French, for the server's 400s and the client's forms.
// Messages the spec gives are still set explicitly on each schema.
z.config(fr());
