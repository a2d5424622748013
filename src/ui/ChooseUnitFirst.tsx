import { Link } from 'react-router-dom';
import { appPaths } from '../core/config.ts';

/**
 * What a screen about the selected unit says when none is selected (a company user who opened
 * its address directly): its heading, and the way to the dashboard, where a unit is chosen.
 */
export function ChooseUnitFirst({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p>
        Choose a unit first. <Link to={appPaths.home}>Go to the dashboard</Link>
      </p>
    </>
  );
}
