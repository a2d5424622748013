import styles from './Calculator.module.css';

/**
 * A row's result in a calculator's table (a STIR rating, a Field Use EIQ), flagged when it rests
 * on a value its table marks unconfirmed; the notes under the table say why.
 */
export function RowFigure({ text, confirmed }: { text: string; confirmed: boolean }) {
  return (
    <>
      {text}
      {confirmed ? null : <span className={styles.flag}> (unconfirmed)</span>}
    </>
  );
}
