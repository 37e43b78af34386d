/** The operator's token, kept apart from a customer's session ('jwt'): the roles never mix. */
const KEY = 'operatorJwt';

export function readOperatorToken(): string | null {
  return window.localStorage.getItem(KEY);
}

export function storeOperatorToken(jwtToken: string) {
  window.localStorage.setItem(KEY, `Bearer ${jwtToken}`);
}

export function clearOperatorToken() {
  window.localStorage.removeItem(KEY);
}
