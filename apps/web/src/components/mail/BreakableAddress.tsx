import { Fragment } from 'react';
import { addressBreaks } from './address-breaks.ts';

/**
 * An e-mail address that a narrow screen breaks after the "@" or before a dot. Text around it
 * keeps `overflowWrap: 'anywhere'` for a single piece that is wider than the line.
 */
export function BreakableAddress({ address }: { address: string }) {
  return (
    <>
      {addressBreaks(address).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
