import { createFileRoute } from '@tanstack/react-router';
import { AboutUsScreen } from '../../features/account/AboutUsScreen';
import { aboutSearch } from '../-lib/search';

/** /information/aboutUs — about, privacy policy, terms, operator registration, fraud warning. */
export const Route = createFileRoute('/information/aboutUs')({
  staticData: { name: 'aboutUs' },
  validateSearch: aboutSearch,
  component: AboutUsScreen,
});
