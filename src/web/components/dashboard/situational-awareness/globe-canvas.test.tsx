import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GlobeCanvas, { NO_WEBGL_TEXT } from './globe-canvas';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('GlobeCanvas without WebGL', () => {
  it('says so in the card instead of crashing', () => {
    // jsdom has no WebGLRenderingContext at all; a browser with WebGL turned off has it but gives no context.
    vi.stubGlobal('WebGLRenderingContext', class {});
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const noop = () => {};
    const onStatus = vi.fn();
    render(<GlobeCanvas regime="LEO" scale={1} hio={new Set()} conjunction={new Set()} onHover={noop} onSelect={noop} onStatus={onStatus} />);
    expect(screen.getByRole('alert')).toHaveTextContent(NO_WEBGL_TEXT);
    expect(onStatus).toHaveBeenCalledWith(expect.objectContaining({ noWebgl: true, ready: false }));
    expect(getContext).toHaveBeenCalled();
    expect(window.__dataforgeGlobe).toBeUndefined();
  });

  it('does not touch a canvas where WebGL does not exist (jsdom)', () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    const noop = () => {};
    render(<GlobeCanvas regime="LEO" scale={1} hio={new Set()} conjunction={new Set()} onHover={noop} onSelect={noop} onStatus={noop} />);
    expect(screen.getByRole('alert')).toHaveTextContent(NO_WEBGL_TEXT);
    expect(getContext).not.toHaveBeenCalled();
  });
});
