import { keyframes } from '@mui/material/styles';
import type { RouterAnimation } from './theme-options';

/** The spec's router animations, named after the animate.css effects they imitate. */
export const ROUTE_KEYFRAMES: Record<RouterAnimation, ReturnType<typeof keyframes>> = {
  slideInUp: keyframes`from { transform: translate3d(0, 24px, 0); opacity: 0; } to { transform: none; opacity: 1; }`,
  fadeIn: keyframes`from { opacity: 0; } to { opacity: 1; }`,
  slideInRight: keyframes`from { transform: translate3d(32px, 0, 0); opacity: 0; } to { transform: none; opacity: 1; }`,
  bounce: keyframes`0%, 100% { transform: none; } 40% { transform: translate3d(0, -12px, 0); } 70% { transform: translate3d(0, -5px, 0); }`,
  lightSpeedIn: keyframes`from { transform: translate3d(40%, 0, 0) skewX(-20deg); opacity: 0; } 60% { transform: skewX(8deg); opacity: 1; } to { transform: none; }`,
  pulse: keyframes`0% { transform: scale(0.98); opacity: 0.6; } 50% { transform: scale(1.01); } 100% { transform: none; opacity: 1; }`,
};
