import { Link, useNavigate } from '@tanstack/react-router';
import { Splash, type WelcomeLinkProps } from './Splash';

const WelcomeLink = (props: WelcomeLinkProps) => <Link to="/login/start1" replace {...props} />;

/**
 * /login/start inside the router (an in-app navigation, or `/`'s redirect): the splash with the
 * router's navigation. A start at /login/start draws the same splash before the router has loaded
 * (main.tsx).
 */
export function StartScreen() {
  const navigate = useNavigate();
  return <Splash go={(to) => void navigate({ to, replace: true })} WelcomeLink={WelcomeLink} />;
}
