#!/bin/sh
# Makes the demo learner's practice take (db/demo-media/practice-take.webm): 12 s of a figure
# stepping side to side on the beat at 120 BPM, with the count it dances ("1 … 8") in a corner and
# a click on every beat, danced to the demo clip from its first "1" (db/seed-practice.ts seeds it
# at ref_start_ms 2000, speed 1, offset 400 ms: the dancer starts a little after the recording).
# Small on purpose (the file is committed): 480×270, VP9, mono Opus.
#
# Needs Debian's ffmpeg and fonts-dejavu-core (apt-get install -y ffmpeg fonts-dejavu-core).
# The file is committed; CI does not run this. Run from the project root:
#   sh scripts/make-practice-take.sh
set -eu

BPM=120
DURATION=12
LEAD=0.4                # the take's 0 is 400 ms before the dancer's first "1"
FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
FONT_PLAIN=${FONT_PLAIN:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}
OUT=${OUT:-db/demo-media}

SPB=$(awk "BEGIN { print 60 / $BPM }")
W=480
H=270

# The beat from the dancer's first "1" and the count shown (nothing before it).
BEAT="floor((t-$LEAD)/$SPB)"
COUNT="mod($BEAT\,8)+1"
# Side to side: one step a beat, a half-period sine over two beats.
SWAY="(w/2-30)+70*sin(PI*(t-$LEAD)/$SPB)*gte(t\,$LEAD)"

VIDEO="color=c=0x2b2f3a:s=${W}x${H}:r=24:d=$DURATION"
# The studio floor and a mirror line.
VIDEO="$VIDEO,drawbox=x=0:y=ih-60:w=iw:h=60:color=0x6b5a48:t=fill"
VIDEO="$VIDEO,drawbox=x=0:y=0:w=iw:h=4:color=0x9fb0d0:t=fill"
# The figure: head, body and feet, as glyphs that move together.
VIDEO="$VIDEO,drawtext=fontfile=$FONT:text='●':fontsize=46:fontcolor=0xf2c6a0:x=$SWAY+8:y=86"
VIDEO="$VIDEO,drawtext=fontfile=$FONT:text='▮':fontsize=110:fontcolor=0xc0455a:x=$SWAY:y=120"
VIDEO="$VIDEO,drawtext=fontfile=$FONT:text='▁ ▁':fontsize=40:fontcolor=0x1d1d1d:x=$SWAY-6:y=h-66"
# The count the dancer is on, and a label.
VIDEO="$VIDEO,drawtext=fontfile=$FONT:text='%{eif\:$COUNT\:d}':fontsize=64:fontcolor=white:x=w-tw-24:y=18:enable='gte(t\,$LEAD)'"
VIDEO="$VIDEO,drawtext=fontfile=$FONT_PLAIN:text='Practice take':fontsize=20:fontcolor=0xffc857:x=18:y=18"

# A soft click on each beat of the dance.
AUDIO="aevalsrc='0.5*sin(2*PI*1000*t)*exp(-60*mod(t-$LEAD\,$SPB))*lt(mod(t-$LEAD\,$SPB)\,0.05)*gte(t\,$LEAD)':s=48000:d=$DURATION"

mkdir -p "$OUT"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "$VIDEO" -f lavfi -i "$AUDIO" \
  -c:v libvpx-vp9 -b:v 0 -crf 46 -g 48 -row-mt 1 -deadline good -cpu-used 4 -pix_fmt yuv420p \
  -c:a libopus -b:a 24k -ac 1 \
  -metadata title="Demo practice take at $BPM BPM" \
  -t "$DURATION" "$OUT/practice-take.webm"

ls -l "$OUT/practice-take.webm"
