import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { DrawingShape } from '../../../../shared/practice.ts';
import { arrowHead, pointOf, shapeOfDrag, type DrawTool } from '../../lib/feedback.ts';

export interface NoteCanvasProps {
  /** The shapes shown over the frame (the notes of this moment, or the note being written). */
  shapes: readonly DrawingShape[];
  /** Drawing mode: the pen, and where a finished shape goes. Without it the canvas only shows. */
  pen?: { tool: DrawTool; color: string; onShape: (shape: DrawingShape) => void } | null;
  /** The take is shown mirrored: shapes are mirrored with it, and pointer positions flipped back. */
  mirrored?: boolean;
  /** What the drawing shows, for screen readers (the note's text says the rest). */
  label?: string;
}

const STROKE = 4;

function Shape({ shape, width, height }: { shape: DrawingShape; width: number; height: number }) {
  const px = (p: [number, number]): [number, number] => [p[0] * width, p[1] * height];
  if (shape.kind === 'circle') {
    const [cx, cy] = px(shape.center);
    return <circle cx={cx} cy={cy} r={shape.radius * width} fill="none" stroke={shape.color} strokeWidth={STROKE} />;
  }
  const from = px(shape.from);
  const to = px(shape.to);
  const head = shape.kind === 'arrow' ? arrowHead(from, to, Math.max(12, width * 0.03)) : null;
  return (
    <g stroke={shape.color} strokeWidth={STROKE} strokeLinecap="round" fill="none">
      <line x1={from[0]} y1={from[1]} x2={to[0]} y2={to[1]} />
      {head && <polyline points={`${head[0][0]},${head[0][1]} ${to[0]},${to[1]} ${head[1][0]},${head[1][1]}`} />}
    </g>
  );
}

/**
 * Drawings over a take's frame: lines, arrows and circles stored in fractions of the frame
 * (DrawingShape), drawn in pixels of the box it fills (SyncedVideos' overlay is exactly the frame).
 * With a pen, a drag draws a shape; a click alone draws nothing.
 */
export default function NoteCanvas({ shapes, pen, mirrored = false, label }: NoteCanvasProps) {
  const box = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [drag, setDrag] = useState<{ from: [number, number]; to: [number, number] } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const rect = el.getBoundingClientRect();
      setSize({ width: rect.width, height: rect.height });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const at = (e: PointerEvent<SVGSVGElement>): [number, number] => {
    const rect = e.currentTarget.getBoundingClientRect();
    return pointOf(e.clientX - rect.left, e.clientY - rect.top, rect.width, rect.height, mirrored);
  };
  const aspect = size.height > 0 ? size.width / size.height : 16 / 9;
  const preview = pen && drag ? shapeOfDrag(pen.tool, drag.from, drag.to, pen.color, aspect) : null;
  const shown = preview ? [...shapes, preview] : shapes;

  return (
    <svg
      ref={box}
      className={pen ? 'note-canvas note-canvas-drawing' : 'note-canvas'}
      width="100%"
      height="100%"
      role="img"
      aria-label={label ?? (shown.length > 0 ? `Drawing: ${shown.length} ${shown.length === 1 ? 'shape' : 'shapes'} over the frame` : 'No drawing')}
      style={mirrored ? { transform: 'scaleX(-1)' } : undefined}
      onPointerDown={
        pen
          ? (e) => {
              e.preventDefault();
              e.currentTarget.setPointerCapture(e.pointerId);
              const p = at(e);
              setDrag({ from: p, to: p });
            }
          : undefined
      }
      onPointerMove={pen ? (e) => drag && setDrag({ from: drag.from, to: at(e) }) : undefined}
      onPointerUp={
        pen
          ? (e) => {
              if (!drag) return;
              const shape = shapeOfDrag(pen.tool, drag.from, at(e), pen.color, aspect);
              setDrag(null);
              if (shape) pen.onShape(shape);
            }
          : undefined
      }
      onPointerCancel={() => setDrag(null)}
    >
      {size.width > 0 && shown.map((shape, i) => <Shape key={i} shape={shape} width={size.width} height={size.height} />)}
    </svg>
  );
}
