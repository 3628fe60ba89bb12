// The 404 page: the search box starts with a query guessed from the address that was not found.
import { guessQuery } from '../lib/ui/search-view.ts';
import { siteBase } from './site-base.ts';

const input = document.querySelector<HTMLInputElement>('#notfound-search-q');
const guess = guessQuery(location.pathname, siteBase);
if (input && !input.value && guess) {
  input.value = guess;
  input.dispatchEvent(new Event('input'));
}
