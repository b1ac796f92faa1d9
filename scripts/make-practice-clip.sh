#!/bin/sh
# Makes the demo practice clip (db/demo-media/practice-clip.webm) and its poster frame
# (db/demo-media/practice-clip-poster.jpg): a count-in "5, 6, 7, 8" then four eight-counts
# "1 … 8" with large numbers, over a metronome click at a steady 120 BPM (a higher click on each
# "1"), 36 beats = 18 s. Mirror, speed and the A–B loop can be judged by eye and ear with it.
#
# Needs Debian's ffmpeg and fonts-dejavu-core (apt-get install -y ffmpeg fonts-dejavu-core).
# The files are committed; CI does not run this. Run from the project root:
#   sh scripts/make-practice-clip.sh
set -eu

BPM=120
COUNT_IN=4              # "5, 6, 7, 8"
EIGHTS=4                # then four phrases of "1 … 8"
BEATS=$((COUNT_IN + EIGHTS * 8))
FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
FONT_PLAIN=${FONT_PLAIN:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}
OUT=${OUT:-db/demo-media}

# Seconds per beat and the clip length, as ffmpeg expressions and numbers.
SPB=$(awk "BEGIN { print 60 / $BPM }")
DURATION=$(awk "BEGIN { print $BEATS * 60 / $BPM }")
INTRO=$(awk "BEGIN { print $COUNT_IN * 60 / $BPM }")

# The beat number from 0, and the count shown: 5–8 during the count-in, then 1–8.
BEAT="floor(t/$SPB)"
COUNT="if(lt(t\,$INTRO)\,5+$BEAT\,mod($BEAT-$COUNT_IN\,8)+1)"
PHRASE="floor((t-$INTRO)/($SPB*8))+1"

W=640
H=360

# Eight dots under the number: the current count's dot is filled.
DOTS=""
i=0
while [ $i -lt 8 ]; do
  x=$((W / 2 - 4 * 44 + i * 44 + 8))
  DOTS="$DOTS,drawbox=x=$x:y=300:w=28:h=28:color=0x3b4a6b:t=fill"
  DOTS="$DOTS,drawbox=x=$x:y=300:w=28:h=28:color=0xffc857:t=fill:enable='gte(t\,$INTRO)*eq(mod($BEAT-$COUNT_IN\,8)\,$i)'"
  i=$((i + 1))
done

VIDEO="color=c=0x1d2740:s=${W}x${H}:r=24:d=$DURATION"
# A short flash on every beat, brighter on each "1", so the beat can be seen as well as heard.
VIDEO="$VIDEO,drawbox=x=0:y=0:w=iw:h=ih:color=0x2e3c5e:t=fill:enable='lt(mod(t\,$SPB)\,0.12)'"
VIDEO="$VIDEO,drawbox=x=0:y=0:w=iw:h=ih:color=0x7a3b52:t=fill:enable='gte(t\,$INTRO)*eq(mod($BEAT-$COUNT_IN\,8)\,0)*lt(mod(t\,$SPB)\,0.15)'"
VIDEO="$VIDEO,drawtext=fontfile=$FONT_PLAIN:text='$BPM BPM':fontsize=26:fontcolor=0xffc857:x=24:y=20"
VIDEO="$VIDEO,drawtext=fontfile=$FONT_PLAIN:text='Count-in':fontsize=30:fontcolor=white:x=(w-tw)/2:y=28:enable='lt(t\,$INTRO)'"
VIDEO="$VIDEO,drawtext=fontfile=$FONT_PLAIN:text='Eight-count %{eif\:$PHRASE\:d} of $EIGHTS':fontsize=30:fontcolor=white:x=(w-tw)/2:y=28:enable='gte(t\,$INTRO)'"
VIDEO="$VIDEO,drawtext=fontfile=$FONT:text='%{eif\:$COUNT\:d}':fontsize=200:fontcolor=white:x=(w-tw)/2:y=80"
# Left and right as the camera sees them: mirrored, they swap sides and read backwards.
VIDEO="$VIDEO,drawtext=fontfile=$FONT_PLAIN:text='LEFT':fontsize=22:fontcolor=0x9fb0d0:x=24:y=h-40"
VIDEO="$VIDEO,drawtext=fontfile=$FONT_PLAIN:text='RIGHT':fontsize=22:fontcolor=0x9fb0d0:x=w-tw-24:y=h-40"
VIDEO="$VIDEO$DOTS"

# A click of 60 ms on every beat: 880 Hz, 1760 Hz on each "1", 1320 Hz for the count-in.
PITCH="if(lt(t\,$INTRO)\,1320\,if(eq(mod($BEAT-$COUNT_IN\,8)\,0)\,1760\,880))"
AUDIO="aevalsrc='0.8*sin(2*PI*$PITCH*t)*exp(-45*mod(t\,$SPB))*lt(mod(t\,$SPB)\,0.06)':s=48000:d=$DURATION"

mkdir -p "$OUT"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "$VIDEO" -f lavfi -i "$AUDIO" \
  -c:v libvpx-vp9 -b:v 0 -crf 40 -g 24 -row-mt 1 -deadline good -cpu-used 2 -pix_fmt yuv420p \
  -c:a libopus -b:a 48k -ac 1 \
  -metadata title="Count-in and four eight-counts at $BPM BPM" \
  -t "$DURATION" "$OUT/practice-clip.webm"

# The poster: the first "1" after the count-in.
ffmpeg -hide_banner -loglevel error -y -ss "$(awk "BEGIN { print $INTRO + 0.2 }")" -i "$OUT/practice-clip.webm" \
  -frames:v 1 -q:v 4 "$OUT/practice-clip-poster.jpg"

ls -l "$OUT/practice-clip.webm" "$OUT/practice-clip-poster.jpg"
