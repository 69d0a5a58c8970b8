import { useReactFlow, type XYPosition } from '@xyflow/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FULL_SCREEN_ATTRIBUTE } from '../../../theme/theme';

/**
 * The builder's full screen: whether it is on, and how to turn it on or off. The canvas grows or
 * shrinks with it; the view keeps its centre (what was in the middle of the canvas stays there).
 * `canvasBox` is the canvas's box.
 */
export function useFullScreen() {
  const flow = useReactFlow();
  const [fullScreen, setFullScreen] = useState(false);
  const canvasBox = useRef<HTMLDivElement>(null);
  const keptCentre = useRef<XYPosition | null>(null);

  const toggle = (on: boolean) => {
    const box = canvasBox.current?.getBoundingClientRect();
    if (on === fullScreen || !box) return;
    keptCentre.current = flow.screenToFlowPosition({
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    setFullScreen(on);
  };

  // Before the new size is painted: the same centre in the canvas's new box.
  useLayoutEffect(() => {
    const centre = keptCentre.current;
    const box = canvasBox.current;
    if (!centre || !box) return;
    keptCentre.current = null;
    const { width, height } = box.getBoundingClientRect();
    const zoom = flow.getZoom();
    void flow.setViewport({
      x: width / 2 - centre.x * zoom,
      y: height / 2 - centre.y * zoom,
      zoom,
    });
  }, [fullScreen, flow]);

  // The help button stays over the full screen (theme Z.helpButtonOverFullScreen).
  useEffect(() => {
    if (!fullScreen) return;
    document.body.setAttribute(FULL_SCREEN_ATTRIBUTE, '');
    return () => document.body.removeAttribute(FULL_SCREEN_ATTRIBUTE);
  }, [fullScreen]);

  return { fullScreen, toggle, canvasBox };
}
