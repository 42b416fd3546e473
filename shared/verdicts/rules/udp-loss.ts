import { formatDelay } from '../../kinds/network/delay';
import { formatLoss } from '../../kinds/network/udp';
import { bitRate } from '../links';
import type { UdpFigure } from '../figures';
import type { Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';

const towards: Record<UdpFigure['direction'], string> = {
  upload: 'to the NAS',
  download: 'from the NAS',
  bidir: 'both ways',
};

/**
 * A UDP test in everyday terms. Live calls, games and streams send UDP and cannot wait for what is
 * lost to be sent again: around 1% loss they stutter (ITU-T G.1050 and most VoIP guides put good
 * calls under 1%), and jitter past about 30 ms needs a deeper buffer. Copies and backups (TCP)
 * resend what is lost and only slow down, so the same path can be fine for them.
 */
export const udpLoss: Rule = (figures, { unit }) => {
  const worst = [...(figures.network.udp ?? [])].sort((a, b) => b.lossPercent - a.lossPercent)[0];
  if (!worst) return [];
  const asked = worst.targetBitsPerSecond * worst.streams;
  const at = `At ${bitRate(asked, unit)} of UDP ${towards[worst.direction]}`;
  const got = `${formatLoss(worst.lossPercent)} of the datagrams were lost and jitter was ${formatDelay(worst.jitterMs)}`;
  let severity: Verdict['severity'] = 'info';
  let meaning = 'calls, games and live streams at that rate will run smoothly over this path.';
  if (worst.lossPercent >= 1) {
    severity = worst.lossPercent >= 5 ? 'problem' : 'warn';
    meaning =
      `the path carried ${bitRate(worst.bitsPerSecond, unit)} of it. Live calls, games and streams that need more ` +
      'than that will stutter (they cannot resend what is lost); copies and backups resend and only slow down.';
  } else if (worst.jitterMs >= 30) {
    severity = 'warn';
    meaning = 'datagrams arrive unevenly enough that calls and live streams need a deeper buffer, which adds delay.';
  }
  return [
    {
      id: 'everyday-udp',
      severity,
      text: `${at}, ${got}: ${meaning}`,
      figures: {
        targetBitsPerSecond: asked,
        bitsPerSecond: worst.bitsPerSecond,
        lossPercent: worst.lossPercent,
        jitterMs: worst.jitterMs,
      },
    },
  ];
};
