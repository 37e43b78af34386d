import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCitation, buildCustomer, buildTenant } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { emailOutbox } from '../db/schema';

// Three languages (issue 30): the server answers in the caller's language.
const alpha = buildTenant({ subdomain: 'alpha' });
const quebec = buildTenant({ subdomain: 'quebec', languages: ['fr', 'en'], defaultLanguage: 'fr' });
const plain = buildTenant({ subdomain: 'plain', languages: ['en'] });

const t = useTestApp({
  seed: {
    tenants: [
      {
        ...alpha,
        citations: [buildCitation({ citationNumber: 'L1' })],
        customers: [
          buildCustomer({ email: 'sofia@example.com', language: 'es' }),
          buildCustomer({ email: 'paul@example.com' }),
          buildCustomer({ email: 'ana@example.com' }),
        ],
      },
      { ...quebec, citations: [buildCitation({ citationNumber: 'Q1' })] },
      { ...plain, citations: [buildCitation({ citationNumber: 'P1' })] },
    ],
  },
});

/** A bad sign-in email: a 400 whose message is a contract's zod message, read at start-up. */
function badResetEmail(host: string, headers: Record<string, string> = {}, query = '') {
  return t.request(host, {
    method: 'POST',
    url: `/api/v1/auth/customer/send_password_reset_email${query}`,
    headers,
    payload: { email: 'not-an-email', subdomain: host },
  });
}

/** An appeal with no name: a 400 the service writes when it is called. */
async function blankAppeal(host: string, number: string, headers: Record<string, string> = {}, query = '') {
  const found = await t.request(host, { method: 'GET', url: `/api/v1/portal/citation/number/${number}` });
  return t.request(host, {
    method: 'PUT',
    url: `/api/v1/portal/appeal${query}`,
    headers,
    payload: {
      citationUUID: found.json().uuid,
      citationNumber: number,
      name: ' ',
      email: 'dana@example.com',
      phoneNumber: '555-0100',
      address: '1 Main St',
      reason: 'The meter was broken.',
    },
  });
}

describe('a 400 in the caller language', () => {
  it('is English by default, with Content-Language', async () => {
    const response = await badResetEmail('alpha');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email.');
    expect(response.headers['content-language']).toBe('en');
  });

  it('is French for Accept-Language: fr, Spanish for ?lang=es', async () => {
    const french = await badResetEmail('alpha', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(french.statusCode).toBe(400);
    expect(french.json().message).toBe('Veuillez entrer un courriel valide.');
    expect(french.headers['content-language']).toBe('fr');
    const spanish = await badResetEmail('alpha', { 'accept-language': 'fr' }, '?lang=es');
    expect(spanish.json().message).toBe('Ingrese un correo electrónico válido.');
  });

  it('reads the cookie a visitor chose, before the browser language', async () => {
    const response = await badResetEmail('alpha', { cookie: 'theme=dark; lang=es', 'accept-language': 'fr' });
    expect(response.json().message).toBe('Ingrese un correo electrónico válido.');
  });

  it('translates a message the service writes as well', async () => {
    expect((await blankAppeal('alpha', 'L1')).json().message).toBe('Please enter your name.');
    const french = await blankAppeal('alpha', 'L1', { 'accept-language': 'fr' });
    expect(french.statusCode).toBe(400);
    expect(french.json().message).toBe('Veuillez entrer votre nom.');
    const spanish = await blankAppeal('alpha', 'L1', {}, '?lang=es');
    expect(spanish.json().message).toBe('Ingrese su nombre.');
  });

  it("falls back to the tenant's default, among the languages it offers", async () => {
    expect((await badResetEmail('quebec')).json().message).toBe('Veuillez entrer un courriel valide.');
    // Spanish is turned off in Quebec: the browser's next language is taken.
    const asked = await badResetEmail('quebec', { 'accept-language': 'es, en;q=0.8' });
    expect(asked.json().message).toBe('Please enter a valid email.');
    expect((await badResetEmail('plain', {}, '?lang=fr')).json().message).toBe('Please enter a valid email.');
  });

  it('takes the pseudo-locale only in tests', async () => {
    expect((await badResetEmail('alpha', {}, '?lang=en-XA')).json().message).toMatch(
      /^⟦Please enter a valid email\.·+⟧$/,
    );
  });
});

describe('emails in the recipient language', () => {
  async function resetEmailTo(email: string, headers: Record<string, string> = {}) {
    const response = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/auth/customer/send_password_reset_email',
      headers,
      payload: { email, subdomain: 'alpha' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    await t.db.delete(emailOutbox).where(eq(emailOutbox.toAddress, email));
    return row!;
  }

  it('writes to a customer who chose Spanish in Spanish, subject included, whatever the request', async () => {
    const email = await resetEmailTo('sofia@example.com', { 'accept-language': 'fr' });
    expect(email.subject).toBe('Restablezca su contraseña');
    expect(email.content).toMatchObject({
      language: 'es',
      heading: 'Restablezca su contraseña',
      action: { label: 'Restablecer contraseña' },
    });
  });

  it("writes to a customer who chose none in the request's language", async () => {
    expect((await resetEmailTo('paul@example.com', { 'accept-language': 'fr' })).subject).toBe(
      'Réinitialiser votre mot de passe',
    );
    expect((await resetEmailTo('paul@example.com')).subject).toBe('Reset your password');
  });

  it('saves the language a signed-in customer chooses, which their emails then use', async () => {
    const authorization = await signIn(t, 'alpha', 'ana@example.com');
    const saved = await t.request('alpha', {
      method: 'PUT',
      url: '/api/v1/portal/customer',
      headers: { authorization },
      payload: { subdomain: 'alpha', language: 'es' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().language).toBe('es');
    const refused = await t.request('alpha', {
      method: 'PUT',
      url: '/api/v1/portal/customer',
      headers: { authorization, 'accept-language': 'fr' },
      payload: { subdomain: 'alpha', language: 'de' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await resetEmailTo('ana@example.com')).subject).toBe('Restablezca su contraseña');
  });
});
