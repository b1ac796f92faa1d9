import type { DemoDocument, DocBlock } from './seed-store-pdf.ts';

/**
 * The text of the demo store's files: lesson plans, syllabi, music lists and
 * planners written for dance teachers, one document per file. db/seed-store-content.ts says
 * which resource carries which; db/seed-store-pdf.ts lays them out as PDFs.
 */

/** A lesson as a heading, its aim and a timed plan (one table). */
function lesson(heading: string, aim: string, rows: [string, string, string][], after: DocBlock[] = []): DocBlock[] {
  return [
    { h: heading },
    { p: aim },
    { table: { head: ['Min', 'Activity', 'Teaching points'], widths: [1, 3, 5.5], rows } },
    ...after,
  ];
}

// ---------------------------------------------------------------------------------------------
// Rivera Social Dance (the demo seller)

export const SALSA_COURSE_PLAN: DemoDocument = {
  fileName: 'salsa-on1-eight-week-course-plan.pdf',
  title: 'Salsa On1: Eight-Week Beginner Course Plan',
  subtitle: 'Eight 60-minute classes that take complete beginners from the basic step to a short social routine.',
  blocks: [
    { h: 'How to use this plan' },
    {
      p: 'Each week builds on the one before. Every class follows the same shape: a ten-minute warm-up to music, a timing check, the new figure taught in parts, a rotation so that everyone dances with several partners, and a short review. Timings are a guide for a class of 12 to 24 adults; with fewer people, rotate more often rather than adding material.',
    },
    {
      list: [
        'Count out loud every week: "1, 2, 3 — 5, 6, 7". Beginners who hear the pause on 4 and 8 find the beat much sooner.',
        'Teach leaders and followers together first, then split only for the hand positions.',
        'Start at 150 to 160 BPM; move to full-speed tracks (175 to 190 BPM) from week 6.',
        'Rotate partners every two or three minutes. Ask before you correct anyone by touch.',
      ],
    },
    ...lesson('Week 1 — Finding the 1 and the basic step', 'Everybody hears the first beat of the bar and dances the forward-and-back basic on time, alone and then with a partner.', [
      ['10', 'Warm-up: marching on the beat, shoulder rolls, knee bends', 'Let the music lead: march on every beat, then clap only on 1 and 5.'],
      ['10', 'Listening: find the cowbell and the clave', 'Stop the music at random; students say which count it stopped on.'],
      ['15', 'Basic step alone (forward on 1, back on 5)', 'Small steps, weight fully transferred, knees soft. Hold on 4 and 8.'],
      ['15', 'Basic step in open hold', 'Leaders step forward on 1 with the left foot, followers back on 1 with the right.'],
      ['10', 'Review and social practice', 'One slow track, one medium track. Praise timing, not style.'],
    ]),
    ...lesson('Week 2 — Side basic, closed hold and connection', 'Students move between the forward-and-back basic and the side basic and keep a light, steady frame.', [
      ['10', 'Warm-up with week 1 basics to music', 'Check the weight transfer on 2 and 6: the replace step is a real step.'],
      ['15', 'Side basic and the turning basic', 'Keep the steps under the hips; the turning basic goes a quarter turn per bar.'],
      ['15', 'Closed hold: frame and tone', 'Leader\'s right hand on the follower\'s shoulder blade; arms toned, never pushing.'],
      ['10', 'Lead and follow exercise: stop and go', 'Leaders decide when to switch between basics; followers answer with the frame.'],
      ['10', 'Rotation and review', 'Three partners, one track each.'],
    ]),
    ...lesson('Week 3 — The cross-body lead', 'Couples dance the cross-body lead from the basic and return to the basic without losing time.', [
      ['10', 'Warm-up and basic review', 'Basic in closed hold, then open hold.'],
      ['20', 'Cross-body lead in parts', 'Leader: forward on 1, open a quarter turn left on 2 and 3 to make a lane. Follower: forward through the lane on 5, 6, 7 and turn to face the leader.'],
      ['15', 'Cross-body lead to music, slow then medium', 'The leader\'s left hand guides, it does not pull. Look at the partner, not the feet.'],
      ['15', 'Rotation: basic, cross-body lead, basic', 'Call the pattern for the first track, let couples lead it for the second.'],
    ]),
    ...lesson('Week 4 — The follower\'s right turn', 'Couples prepare and complete the follower\'s right (outside) turn on 5, 6, 7.', [
      ['10', 'Warm-up: spotting exercise and basic', 'Spot a point at eye level; turn the head last and return it first.'],
      ['15', 'Right turn alone, without partner', 'Step forward on 5, pivot on 6, finish on 7 facing the front. Feet stay close.'],
      ['20', 'Right turn with the lead', 'Leader raises the left hand on 3 as a signal and circles it above the follower\'s head on 5, 6, 7. No pressure down on the wrist.'],
      ['15', 'Pattern: basic, right turn, cross-body lead', 'Keep the counts out loud until every couple is on time.'],
    ]),
    ...lesson('Week 5 — The inside turn and hand positions', 'Couples dance the follower\'s left (inside) turn and know when to change hands.', [
      ['10', 'Warm-up with the right turn', 'Review spotting.'],
      ['20', 'Inside turn from the cross-body lead', 'Leader\'s left hand brings the follower across and turns her to the left over her own head on 5, 6, 7.'],
      ['15', 'Hand holds: one hand, two hands, cross hands', 'Show what each hold allows; a soft hand lets the follower turn freely.'],
      ['15', 'Rotation with all figures so far', 'Leaders choose the order; followers keep their basic until led.'],
    ]),
    ...lesson('Week 6 — Shines: dancing apart', 'Everybody dances two shines (solo footwork) and returns to the partner on time.', [
      ['10', 'Warm-up at full speed (175 BPM and up)', 'Smaller steps at higher speed.'],
      ['15', 'Suzie-Q and cross-over', 'Cross in front on 1 and 5; hips follow the feet, shoulders stay level.'],
      ['15', 'Shines in a 16-count sequence', 'Two bars of each shine, then back to the basic.'],
      ['20', 'Partner pattern with a shine break', 'The leader signals the break with an open hand; both return into open hold on 1.'],
    ]),
    ...lesson('Week 7 — Hand changes behind the back', 'Couples pass the follower\'s hand behind the leader\'s back in a cross-body lead variation.', [
      ['10', 'Warm-up and the week 6 shines', 'Pair shines with a partner mirroring you.'],
      ['20', 'Hand change behind the back', 'Leader takes the follower\'s right hand in his right on 1-2-3, passes it behind his back to his left on 5-6-7.'],
      ['15', 'Combination: inside turn, hand change, cross-body lead', 'Slow first; full speed only when the couples are on time.'],
      ['15', 'Social floorcraft', 'Dance in a slot, watch the couples around you, keep turns small on a busy floor.'],
    ]),
    ...lesson('Week 8 — Review, routine and social dancing', 'Students dance a 32-count routine with every figure of the course and feel ready for a social night.', [
      ['10', 'Warm-up: the course in one track', 'Basic, side basic, turning basic, shines.'],
      ['20', 'The routine in four parts of eight counts', 'Basic; cross-body lead; right turn; inside turn with hand change.'],
      ['15', 'Routine to two tracks at different speeds', 'Half the room dances while the other half watches and cheers.'],
      ['15', 'Social etiquette and next steps', 'How to ask and say thank you; where to dance locally; the improvers course.'],
    ]),
    { h: 'Troubleshooting' },
    {
      list: [
        'Students off the beat: go back to clapping on 1 and 5 and walking the basic without a partner.',
        'Followers pulled off balance: ask leaders to lead from the body and keep elbows in front of them.',
        'Collisions during turns: give each couple a slot and turn the music down so they can hear your counts.',
        'Uneven numbers: rotate a spare dancer in every track; nobody sits out for more than one song.',
      ],
    },
  ],
};

export const SALSA_MUSIC_ROWS: string[][] = [
  ['order', 'class_section', 'music_character', 'tempo_bpm', 'length', 'movement_task', 'teacher_tip'],
  ['1', 'Warm-up', 'Salsa romantica, clear cowbell', '150', '3:30', 'March on every beat, then clap on 1 and 5', 'Pick a track with a long instrumental intro'],
  ['2', 'Warm-up', 'Son montuno, steady tres guitar', '155', '3:45', 'Shoulder rolls and basic alone', 'The guitar pattern helps students hear the bar'],
  ['3', 'Timing check', 'Salsa with a slow break', '160', '4:00', 'Stop the music and name the count', 'Breaks teach listening better than drills'],
  ['4', 'New figure, slow', 'Cha-cha-cha style arrangement', '120', '3:20', 'Walk the figure at half tempo', 'Use cha-cha tempo to slow salsa down without stopping'],
  ['5', 'New figure, medium', 'Salsa romantica', '165', '4:10', 'Figure in parts with counts', 'Count every bar out loud'],
  ['6', 'Rotation', 'Classic salsa dura', '175', '4:30', 'Three partners, one figure each', 'Rotate on the instrumental sections'],
  ['7', 'Shines', 'Mambo with strong horn hits', '180', '3:50', 'Suzie-Q and cross-over', 'Horn hits give good accents for shines'],
  ['8', 'Full speed', 'Salsa dura with timbales solo', '190', '4:20', 'Routine at full speed', 'Only from week 6'],
  ['9', 'Cool-down', 'Bolero', '90', '3:10', 'Slow walking, stretching the calves', 'Finish calm so people leave relaxed'],
];

export const BACHATA_LESSONS: DemoDocument = {
  fileName: 'bachata-sensual-partnering-four-lessons.pdf',
  title: 'Bachata Sensual Partnering: Four Lesson Plans',
  subtitle: 'Connection, body waves, turns and safe inclinations for improver couples, one lesson per page.',
  blocks: [
    { h: 'Before you start' },
    {
      p: 'These lessons assume a solid side-to-side basic with the tap on 4 and 8 and a relaxed closed hold. Sensual bachata uses the whole body: warm the spine and neck properly, teach every body movement solo before it is led, and remind students that a follower may always decline a movement. Nothing in these plans requires fast head movement; do not add it for students who have not trained it.',
    },
    ...lesson('Lesson 1 — Close embrace and the sensual basic', 'Couples dance the basic in close embrace with a shared centre and change between side and forward-back basics.', [
      ['10', 'Warm-up: spine circles, hip rolls, calf raises', 'Move slowly; breathe out on every roll.'],
      ['10', 'Solo basic with a soft knee bend', 'Tap on 4 and 8 with a lifted heel, weight stays on the standing leg.'],
      ['15', 'Close embrace', 'Leader\'s right arm around the follower\'s back, left hand low; followers keep their own balance.'],
      ['15', 'Forward-back basic with the rock step', 'Lead by shifting the chest, not the arms.'],
      ['10', 'Rotation and feedback', 'Ask partners: "Was the lead clear? Was it comfortable?"'],
    ]),
    ...lesson('Lesson 2 — Body waves', 'Followers perform a body wave from head to hips when it is led from the leader\'s chest and right hand.', [
      ['10', 'Warm-up: cat and cow, chest isolations', 'Isolate the chest before adding the wave.'],
      ['15', 'Solo wave in four counts', 'Chest forward, chest up, hips forward, knees soft: one smooth line.'],
      ['15', 'Leading the wave', 'Leader\'s right hand on the upper back suggests the direction; the leader waves too.'],
      ['20', 'Basic, wave, basic to music', 'Only one wave per bar at first; musicality comes later.'],
    ]),
    { steps: ['Followers who feel dizzy stop and breathe.', 'Leaders never push the head; the wave starts in the chest.'] },
    ...lesson('Lesson 3 — Turns from the close embrace', 'Couples open the embrace, turn the follower to the right and return to the embrace without losing the tap.', [
      ['10', 'Warm-up and spotting', 'Spot on the partner\'s face or a point behind the partner.'],
      ['15', 'Opening from close to open hold', 'Leader\'s right hand slides to the follower\'s left hand over four counts.'],
      ['20', 'Right turn on 5, 6, 7, tap on 8', 'Prepare on 1 to 4; a turn that starts late finishes on the tap, not after it.'],
      ['15', 'Return to the embrace', 'Leader brings the follower in on 1, 2, 3 and taps on 4 together.'],
    ]),
    ...lesson('Lesson 4 — Safe inclinations', 'Couples perform a small side inclination in which the follower keeps her own balance and the leader supports, never drops.', [
      ['10', 'Warm-up: core activation, side stretches', 'Planks of 20 seconds; side bends with long arms.'],
      ['15', 'Solo inclination', 'Followers lean to the side from the waist, legs strong, neck long; eyes stay open.'],
      ['20', 'Inclination with a partner', 'Leader\'s supporting hand on the follower\'s back; lean only as far as the follower can come back alone.'],
      ['15', 'Short sequence to music', 'Basic, wave, turn, inclination on 5-6-7, back to basic.'],
    ], [
      { note: 'Rule of the room: a follower who does not want an inclination signals with a firm frame, and the leader simply continues the basic.' },
    ]),
  ],
};

export const LATIN_WARMUPS: DemoDocument = {
  fileName: 'latin-warm-ups-with-counts.pdf',
  title: 'Latin Warm-Ups with Counts',
  subtitle: 'Three ready-to-teach warm-ups of about six minutes each, for any Latin class and any age.',
  blocks: [
    { p: 'Each warm-up is written in eight-counts so you can call it from the front of the room. Start at the tempo given and keep the movements small for beginners and older dancers. Every warm-up ends in a balanced stance, ready for the first exercise of the class.' },
    { h: 'Warm-up 1 — Salsa walk-in (about 160 BPM)' },
    {
      table: {
        head: ['Counts', 'Movement', 'Cue'],
        widths: [1.2, 3, 3.5],
        rows: [
          ['4 × 8', 'March on the spot, arms swinging naturally', '"Feel the floor, every beat."'],
          ['2 × 8', 'Shoulder rolls back, 4 counts each', '"Big circles, slow breath."'],
          ['2 × 8', 'Rib isolations side to side', '"Hips stay still, only the ribs travel."'],
          ['4 × 8', 'Hip figure eights with soft knees', '"Knee bends, hip follows."'],
          ['4 × 8', 'Basic step forward and back, alone', '"1, 2, 3 — 5, 6, 7."'],
        ],
      },
    },
    { h: 'Warm-up 2 — Cha-cha feet (about 120 BPM)' },
    {
      table: {
        head: ['Counts', 'Movement', 'Cue'],
        widths: [1.2, 3, 3.5],
        rows: [
          ['2 × 8', 'Ankle rolls, 4 each way, each foot', '"Draw circles with the big toe."'],
          ['2 × 8', 'Rises and lowers through the foot', '"Slow down, heels last."'],
          ['4 × 8', 'Cuban motion: straighten the standing leg, hip settles', '"Step, straighten, settle."'],
          ['4 × 8', 'Cha-cha chasse side to side', '"2, 3, cha-cha-cha."'],
        ],
      },
    },
    { h: 'Warm-up 3 — Samba bounce (about 100 BPM)' },
    {
      table: {
        head: ['Counts', 'Movement', 'Cue'],
        widths: [1.2, 3, 3.5],
        rows: [
          ['4 × 8', 'Knee bounce on the spot, two bounces per beat', '"Soft knees, light feet."'],
          ['4 × 8', 'Samba walks forward and back', '"Bounce stays small."'],
          ['2 × 8', 'Arm circles with the bounce', '"Shoulders down."'],
          ['2 × 8', 'Slow down to stillness and breathe', '"Ready for class."'],
        ],
      },
    },
    { h: 'Adapting the warm-ups' },
    {
      list: [
        'Children: call the moves with images ("stir the soup with your hips"), halve the repetitions.',
        'Seniors: do warm-up 1 and 2 holding a chair back; leave out the rises if balance is uncertain.',
        'Advanced dancers: double the speed of the isolations and add arm styling on counts 5 to 8.',
      ],
    },
  ],
};

export const BALLROOM_SENIORS_SYLLABUS: DemoDocument = {
  fileName: 'social-ballroom-seniors-term-syllabus.pdf',
  title: 'Social Ballroom for Seniors: Ten-Week Term Syllabus',
  subtitle: 'Foxtrot, waltz, rumba and cha-cha in gentle, social form for dancers aged 55 and over.',
  blocks: [
    { h: 'Aims of the term' },
    {
      list: [
        'Dance four social dances with a partner at a relaxed tempo.',
        'Improve balance, posture and confidence on the dance floor.',
        'Enjoy music and company: every class ends with a social dance.',
      ],
    },
    { h: 'Class shape (75 minutes)' },
    { p: 'Ten minutes of seated or chair-supported warm-up, twenty minutes on the dance of the week, a five-minute rest with water, twenty minutes of practice with partner changes, fifteen minutes of review and social dancing, five minutes of cool-down.' },
    { h: 'Ten-week plan' },
    {
      table: {
        head: ['Week', 'Dance and figure', 'Focus'],
        widths: [1, 3.5, 4],
        rows: [
          ['1', 'Social foxtrot: walks, slow-slow-quick-quick', 'Posture, walking to music, the line of dance'],
          ['2', 'Foxtrot: the rock turn to the left', 'Small steps, turning without dizziness'],
          ['3', 'Waltz: the box step in 1-2-3', 'Rise and fall kept small, counting in threes'],
          ['4', 'Waltz: the left turning box', 'Quarter turns only; spot on the partner'],
          ['5', 'Review foxtrot and waltz; partner changes', 'Floorcraft and courtesy'],
          ['6', 'Rumba: the box in slow-quick-quick', 'Hip settling without strain'],
          ['7', 'Rumba: the underarm turn', 'Lead with the hand raised early, turn slowly'],
          ['8', 'Cha-cha: basic and side chasse', 'Light feet, short steps'],
          ['9', 'Cha-cha: the New York (check) in open hold', 'Balance on the check step'],
          ['10', 'Tea dance: all four dances', 'Confidence and enjoyment'],
        ],
      },
    },
    { h: 'Safety and comfort' },
    {
      list: [
        'Ask about health conditions privately at enrolment; offer chair-based versions of every figure.',
        'Keep chairs along the wall, water available and the floor clear and dry.',
        'Hold may be adapted: a lower arm for stiff shoulders, a hand on the forearm instead of the shoulder.',
        'No spins with closed eyes, no dips. Turns are walked, never pivoted at speed.',
        'Encourage flat, secure shoes with a smooth sole; no socks on a wooden floor.',
      ],
    },
    { h: 'Music tempos' },
    { p: 'Foxtrot 26 to 28 bars per minute, waltz 24 to 27, rumba 22 to 24, cha-cha 26 to 28. These are slower than competition tempos on purpose. Choose songs the group knows: familiar music helps memory and lifts the mood.' },
  ],
};

export const BALLROOM_TERM_LETTER: DemoDocument = {
  fileName: 'welcome-letter-to-students.pdf',
  title: 'Welcome Letter to Students',
  subtitle: 'A one-page letter to hand out in week 1: what to bring, what to expect, and how to get the most from the term.',
  blocks: [
    { p: 'Dear dancer, welcome to Social Ballroom! Over the next ten weeks we will learn four dances that you can enjoy at any tea dance, wedding or family party: the foxtrot, the waltz, the rumba and the cha-cha.' },
    { h: 'What to bring' },
    { list: ['Comfortable clothes that let you move your arms freely.', 'Flat shoes with a smooth sole that stay on your feet.', 'A bottle of water and any medication you may need.'] },
    { h: 'What to expect' },
    { p: 'You do not need a partner: we change partners during class so that everybody dances. Every figure can be danced more gently or with a chair for support; just let me know. We rest halfway through each class.' },
    { h: 'Practising at home' },
    { p: 'Walk to music in the kitchen, count the waltz in threes while the kettle boils, and listen to the music of the week on the radio. Ten minutes a day makes a real difference.' },
  ],
};

export const LINDY_TASTER: DemoDocument = {
  fileName: 'lindy-hop-taster-workshop-outline.pdf',
  title: 'Lindy Hop Taster Workshop Outline',
  subtitle: 'A 90-minute first taste of swing dancing: six-count and eight-count basics, a turn, a Charleston and a social dance.',
  blocks: [
    { h: 'Workshop goals' },
    { p: 'By the end of the workshop every participant can dance a six-count basic with a tuck turn and the lindy circle in eight counts, has tried a solo Charleston, and has danced at least five songs with different partners. The tone is playful: swing music invites smiles and bounce, not perfection.' },
    ...lesson('Part 1 — Bounce and rhythm (20 minutes)', 'Everyone moves with the swing pulse.', [
      ['8', 'Warm-up: the swing bounce to 120 BPM', 'Bounce down on every beat, knees relaxed, arms loose.'],
      ['6', 'Triple steps on the spot', '"Triple-step, triple-step": three quick steps in two beats.'],
      ['6', 'Rock step', 'A small step back and a return; it is the spring that starts every figure.'],
    ]),
    ...lesson('Part 2 — Six-count basic and the tuck turn (30 minutes)', 'Couples dance the six-count basic in open position and add a tuck turn.', [
      ['10', 'Six-count basic: rock step, triple step, triple step', 'Leader starts with the left, follower with the right. Keep the connection elastic.'],
      ['10', 'Tuck turn', 'Leader lowers the follower\'s hand on the triple, tucks it in, and sends her into a right turn.'],
      ['10', 'Practise with partner changes', 'Two minutes per partner.'],
    ]),
    ...lesson('Part 3 — Lindy circle and Charleston (25 minutes)', 'Couples travel around each other in an eight-count lindy circle; everyone tries the twenties Charleston solo.', [
      ['12', 'Lindy circle in closed position', 'Rock step, step-step, triple, step-step, triple; the couple turns together.'],
      ['13', 'Solo Charleston', 'Kick forward, step back, kick back; arms swing in opposition.'],
    ]),
    { h: 'Part 4 — Social dancing (15 minutes)' },
    { p: 'Play four or five songs between 120 and 150 BPM. Dance with the participants yourself, invite the shy ones, and finish with a jam circle where couples take turns in the middle.' },
    { h: 'Music suggestions' },
    { p: 'Big band recordings from the 1930s and 1940s and modern swing bands both work. Avoid very fast tracks (above 160 BPM) in a taster: beginners need time to fit the triple steps in.' },
  ],
};

// ---------------------------------------------------------------------------------------------
// Little Movers Curriculum (the demo curriculum seller)

export const CREATIVE_YEAR_PLAN: DemoDocument = {
  fileName: 'creative-movement-year-plan-ages-3-4.pdf',
  title: 'Creative Movement Year Plan for Ages 3–4',
  subtitle: 'Three terms of themed 35-minute classes that build body awareness, listening and imagination.',
  blocks: [
    { h: 'Principles' },
    {
      list: [
        'Movement concepts first: body, space, time and energy, explored through stories and images.',
        'The same class shape every week. Young children learn through repetition and feel safe with routine.',
        'Every child\'s answer is right. Describe what you see ("You made a very low shape!") instead of correcting.',
        'Adults stay close by for the first weeks; from term two they watch from the side.',
      ],
    },
    { h: 'The class shape (35 minutes)' },
    {
      table: {
        head: ['Min', 'Part', 'What happens'],
        widths: [1, 2, 6],
        rows: [
          ['3', 'Hello circle', 'Hello song with each child\'s name; show the theme with a picture or a prop.'],
          ['6', 'Warm-up', 'Wake up the body from toes to head, seated and then standing.'],
          ['8', 'Travelling', 'Walk, tiptoe, march, jump with two feet, gallop later in the year; stop and go to the music.'],
          ['10', 'Story dance', 'The theme as a short story the children dance as you tell it.'],
          ['5', 'Free dance', 'Scarves or ribbons and one piece of music; the teacher dances too.'],
          ['3', 'Goodbye', 'Slow breathing, a stretch, the goodbye song and a sticker.'],
        ],
      },
    },
    { h: 'Autumn term — Me and my world' },
    {
      table: {
        head: ['Weeks', 'Theme', 'Movement concept', 'Story idea'],
        widths: [1, 2, 2.6, 3.4],
        rows: [
          ['1–3', 'My body', 'Body parts; stretch and curl', 'Waking up in the morning'],
          ['4–6', 'Autumn leaves', 'High and low; floating and falling', 'The wind blows the leaves'],
          ['7–9', 'Animals in the wood', 'Fast and slow; heavy and light', 'The hedgehog\'s walk'],
          ['10–12', 'Fireworks and lights', 'Sudden and smooth', 'A sky full of sparkles'],
        ],
      },
    },
    { h: 'Spring term — Changes' },
    {
      table: {
        head: ['Weeks', 'Theme', 'Movement concept', 'Story idea'],
        widths: [1, 2, 2.6, 3.4],
        rows: [
          ['1–3', 'Weather', 'Strong and gentle', 'Rain, thunder and sunshine'],
          ['4–6', 'Under the sea', 'Curved and straight pathways', 'The little fish finds a friend'],
          ['7–9', 'Growing', 'Small to big', 'From seed to sunflower'],
          ['10–12', 'Spring party', 'Partners and mirroring', 'The garden party'],
        ],
      },
    },
    { h: 'Summer term — Journeys' },
    {
      table: {
        head: ['Weeks', 'Theme', 'Movement concept', 'Story idea'],
        widths: [1, 2, 2.6, 3.4],
        rows: [
          ['1–3', 'Trains, boats and planes', 'Directions: forward, backward, sideways', 'A trip to the seaside'],
          ['4–6', 'The circus', 'Balance and stillness', 'The tightrope walker'],
          ['7–9', 'Space', 'Levels and slow motion', 'Walking on the moon'],
          ['10–12', 'Show and share', 'Remembering a sequence', 'A class dance for the families'],
        ],
      },
    },
    { h: 'Watching progress' },
    { p: 'At the end of each term note, for each child, whether they can stop when the music stops, move at a high and a low level, copy a simple sequence of three movements, and join the group dance. These are milestones to share with families, not tests.' },
  ],
};

export const CREATIVE_STORY_SESSIONS: DemoDocument = {
  fileName: 'story-dances-six-scripts.pdf',
  title: 'Story Dances: Six Scripts to Read Aloud',
  subtitle: 'Short stories with the movement cues built in, one for each half-term theme.',
  blocks: [
    { p: 'Read each story slowly and dance it with the children. Words in the cue column are the movements the story asks for; pause after each one long enough for every child to try it.' },
    ...[
      ['Waking up', [['Under the blanket, everyone is fast asleep.', 'Curl up small on the floor'], ['One foot wakes up and wiggles.', 'Wiggle one foot, then the other'], ['A great big yawn and stretch!', 'Stretch long on the floor, then stand up tall'], ['Time to march to breakfast.', 'March around the room and stop at the table']]],
      ['The wind and the leaves', [['The leaves hang on the tree.', 'Stand still with arms up high'], ['The wind blows gently.', 'Sway slowly from side to side'], ['Whoosh! A big gust!', 'Run on tiptoe and spin once'], ['The leaves float down to the ground.', 'Sink slowly to the floor']]],
      ['The hedgehog\'s walk', [['Hedgehog tiptoes through the wood.', 'Tiptoe with small steps'], ['A noise! Hedgehog curls into a ball.', 'Curl up small and still'], ['All safe. Hedgehog uncurls.', 'Unfold slowly'], ['Hedgehog hurries home.', 'Quick small steps to your spot']]],
      ['Rain and sunshine', [['Pitter-patter, the rain begins.', 'Tap fingers on the floor, then on knees'], ['Thunder! Boom!', 'Stamp three times, strongly'], ['The sun comes out.', 'Rise up slowly with arms in a circle'], ['Jump in the puddles!', 'Two-foot jumps all around the room']]],
      ['The little fish', [['The little fish swims alone.', 'Wavy arms, travel on curvy paths'], ['She meets a crab.', 'Walk sideways'], ['They dance together.', 'Find a partner and copy each other'], ['They swim home.', 'Wavy arms back to your spot']]],
      ['Walking on the moon', [['Three, two, one, lift off!', 'Crouch, count down, jump high'], ['On the moon everything is slow.', 'Walk in slow motion with big steps'], ['Float in the air.', 'Balance on one foot, arms wide'], ['Back to Earth and wave goodbye.', 'Sit down and wave']]],
    ].flatMap(([title, rows]) => [
      { h: title as string } satisfies DocBlock,
      { table: { head: ['The story says', 'The children dance'], widths: [1, 1], rows: rows as string[][] } } satisfies DocBlock,
    ]),
  ],
};

export const CREATIVE_CHECKLIST: DemoDocument = {
  fileName: 'props-and-safety-checklist.pdf',
  title: 'Props and Safety Checklist',
  subtitle: 'What to prepare before every class for children aged 3 to 4.',
  blocks: [
    { h: 'Before the children arrive' },
    { list: ['Floor swept and dry; no chairs or bags in the dancing space.', 'Props counted: one scarf per child plus spares, soft balls, a parachute for the last week of term.', 'Music tested at a quiet volume; little ears are sensitive.', 'Registers, allergy notes and emergency contacts at hand.'] },
    { h: 'During class' },
    { list: ['Children dance barefoot or in soft shoes, never in socks on a smooth floor.', 'A toilet break is always allowed; another adult goes with the child.', 'Props never go near mouths or around necks; ribbons are short and on sticks.', 'A child who does not want to join can watch from a "thinking spot" and join when ready.'] },
    { h: 'After class' },
    { list: ['Each child is handed over to a known adult.', 'Props washed or wiped weekly.', 'Note anything to tell families next week.'] },
  ],
};

export const PRE_BALLET_LESSONS: DemoDocument = {
  fileName: 'pre-ballet-story-classes-six-lessons.pdf',
  title: 'Pre-Ballet Story Classes: Six Lesson Plans',
  subtitle: 'Ballet basics for ages 5 to 8 taught through famous ballet stories, 45 minutes each.',
  blocks: [
    { p: 'Each lesson introduces one piece of ballet vocabulary through a story the children may know. Turnout stays natural: the feet turn out only as far as the knees do. Use French names alongside the English images and praise good posture more than high legs.' },
    ...lesson('Lesson 1 — The Sleeping Garden (plié)', 'Children bend and stretch their knees in first position with a straight back.', [
      ['5', 'Révérence and hello', 'A curtsey or bow to the teacher and the pianist (or the speaker!).'],
      ['8', 'Floor warm-up: pointed and flexed feet, butterfly stretch', '"Flowers wake up: flex, point."'],
      ['10', 'First position and demi-plié', 'Heels together, toes apart a little; knees bend over the toes.'],
      ['12', 'Story dance: the garden grows', 'Seeds curl up, grow with a plié and stretch tall.'],
      ['10', 'Skips and révérence', 'Skip around the garden, finish with a révérence.'],
    ]),
    ...lesson('Lesson 2 — The Toy Shop (posture and marching)', 'Children hold a tall ballet posture while travelling.', [
      ['5', 'Révérence', 'Review from lesson 1.'],
      ['8', 'Floor warm-up and sitting tall', '"A string pulls you up from the top of your head."'],
      ['10', 'Soldier marches with pointed feet', 'Knees lift to the front, toes point as the foot leaves the floor.'],
      ['12', 'Story dance: toys come alive at midnight', 'Soldiers march, dolls turn slowly on the spot.'],
      ['10', 'Galops and révérence', 'Side galops (chassés) across the room.'],
    ]),
    ...lesson('Lesson 3 — The Swan Pond (port de bras)', 'Children move their arms through bras bas, first and fifth position smoothly.', [
      ['5', 'Révérence', 'Soft arms from the start.'],
      ['8', 'Floor warm-up: shoulder circles, wing stretches', 'Shoulders stay down away from the ears.'],
      ['12', 'Arm positions: bras bas, first, fifth', '"Hold a big beach ball; lift it above your head."'],
      ['12', 'Story dance: swans glide on the lake', 'Small running steps on demi-pointe with swan arms.'],
      ['8', 'Révérence with port de bras', 'A graceful finish.'],
    ]),
    ...lesson('Lesson 4 — The Doll Maker\'s Workshop (contrast)', 'Children show the difference between sharp and smooth movement.', [
      ['5', 'Révérence', ''],
      ['8', 'Warm-up: stiff dolls and floppy dolls', 'Tense and release the whole body.'],
      ['10', 'Tendu to the front from first position', 'The foot slides, the toes stay on the floor.'],
      ['12', 'Story dance: the dolls come to life', 'Sharp doll movements change to smooth dancing.'],
      ['10', 'Jumps (sautés) and révérence', 'Land softly through the feet with bent knees.'],
    ]),
    ...lesson('Lesson 5 — The Firebird (jumps)', 'Children jump with pointed feet and soft landings.', [
      ['5', 'Révérence', ''],
      ['8', 'Warm-up: rises (relevés) in parallel and first', 'Slow rises build strong ankles.'],
      ['12', 'Sautés in first position, then changing feet', 'Eight jumps, rest, eight jumps.'],
      ['12', 'Story dance: the firebird flies through the forest', 'Leaps over "streams" (ribbons on the floor).'],
      ['8', 'Cool-down and révérence', 'Slow stretching.'],
    ]),
    ...lesson('Lesson 6 — The Royal Ball (putting it together)', 'Children dance a short class dance with the steps of the course and a waltz step.', [
      ['5', 'Révérence', ''],
      ['8', 'Warm-up with favourite exercises', 'Children choose.'],
      ['10', 'Balancé (waltz step) in 3/4', '"Down, up, up" to the music.'],
      ['15', 'Class dance: arriving at the ball', 'Plié, port de bras, balancé, skips and a révérence to the audience.'],
      ['7', 'Sharing with families', 'Invite families for the last ten minutes.'],
    ]),
  ],
};

export const LITTLE_MOVERS_MUSIC_ROWS: string[][] = [
  ['order', 'class_section', 'music_character', 'tempo_bpm', 'meter', 'length', 'movement_task', 'teacher_tip'],
  ['1', 'Hello circle', 'Gentle folk song with a clear verse', '84', '4/4', '1:30', 'Wave to each child by name', 'Same song every week'],
  ['2', 'Warm-up', 'Light piano, walking pace', '92', '4/4', '2:30', 'Wake up body parts from toes to head', 'Name each body part before moving it'],
  ['3', 'Warm-up', 'Bouncy marimba', '112', '2/4', '2:00', 'Bounce knees, then clap on the beat', 'Children find the beat in bouncy music first'],
  ['4', 'Travelling', 'Brass march', '116', '4/4', '2:15', 'March, stop when the music stops', 'Pause the track at different places each week'],
  ['5', 'Travelling', 'Fast pizzicato strings', '138', '2/4', '1:45', 'Tiptoe quickly and quietly', 'Contrast with the march'],
  ['6', 'Travelling', 'Slow cello', '60', '4/4', '2:00', 'Giant steps in slow motion', 'Slow music is harder than fast for little ones'],
  ['7', 'Story dance', 'Orchestral piece with a storm in the middle', '100', '4/4', '3:30', 'Leaves, wind and rain', 'Tell the story over the music'],
  ['8', 'Story dance', 'Music box waltz', '132', '3/4', '2:20', 'Toys turning slowly', 'Count "1, 2, 3" with the children'],
  ['9', 'Free dance', 'Joyful world-music groove', '104', '4/4', '3:00', 'Scarves: big and small movements', 'Dance with them'],
  ['10', 'Goodbye', 'Lullaby, solo guitar', '66', '3/4', '1:40', 'Breathe, stretch, wave goodbye', 'Lower the lights if you can'],
];

export const LITTLE_MOVERS_MUSIC_NOTES: DemoDocument = {
  fileName: 'using-the-playlist-teaching-notes.pdf',
  title: 'Using the Playlist: Teaching Notes',
  subtitle: 'How tempo, meter and contrast help children aged 3 to 8 listen and move.',
  blocks: [
    { h: 'Why sort music by tempo' },
    { p: 'Young children match their movement to the music long before they can count it. A playlist sorted by tempo lets you plan a class that rises in energy through the travelling section and settles again before goodbye, so children leave calm. The list gives a tempo in beats per minute for each piece: choose music of your own at a similar tempo if a track is not available.' },
    { h: 'Contrast is the lesson' },
    { list: ['Pair a fast track with a slow one so children feel the difference in their bodies.', 'Stop the music often: freezing is the first listening skill and the best game.', 'Change meter sometimes: a waltz in 3/4 invites swaying and turning, a march in 4/4 invites stepping.'] },
    { h: 'Counting with young children' },
    { p: 'From age five, count short phrases aloud with the children ("1, 2, 3, 4, jump!"). For ages three and four, use words that match the rhythm instead of numbers ("tip-toe, tip-toe, big STAMP"). Children who can clap on the beat are ready for counting.' },
    { h: 'Volume and space' },
    { p: 'Keep the music quieter than you think; you should be heard over it without raising your voice. Place the speaker at the front so children face you when they listen for the next cue.' },
  ],
};

export const RECITAL_PLANNER: DemoDocument = {
  fileName: 'end-of-year-recital-planner.pdf',
  title: 'End-of-Year Recital Planner for Children\'s Classes',
  subtitle: 'A twelve-week countdown, checklists and family letters for a relaxed, safe show.',
  blocks: [
    { h: 'The twelve-week countdown' },
    {
      table: {
        head: ['Week', 'Tasks'],
        widths: [1, 7],
        rows: [
          ['12', 'Book the venue and a rehearsal slot; set the date and send a save-the-date to families.'],
          ['11', 'Choose the music for each class; keep each dance under three minutes for under-eights.'],
          ['10', 'Decide costumes; ask families for sizes; set a costume budget per child.'],
          ['9', 'Start teaching the dances; film them for your own notes.'],
          ['8', 'Order costumes; plan the running order (see the template).'],
          ['7', 'Recruit volunteers: backstage helpers, door, raffle, first aid.'],
          ['6', 'Send the family letter with times, drop-off and collection.'],
          ['5', 'Print tickets or set up online booking; plan the programme.'],
          ['4', 'Costume fitting in class; label every piece with the child\'s name.'],
          ['3', 'Full run of each dance in class; practise entrances and exits.'],
          ['2', 'Send the backstage plan to volunteers; confirm the venue\'s technical needs.'],
          ['1', 'Dress rehearsal at the venue; the show!'],
        ],
      },
    },
    { h: 'Backstage safety' },
    {
      list: [
        'One adult for every eight children backstage, all with the required background checks.',
        'A register of every child signed in and out; children leave only with named adults.',
        'A quiet area with books or colouring for waiting children.',
        'Toilets and water close to the waiting area; a first-aider on site.',
        'Children stay backstage in the dressing area, not in the wings, until their dance.',
      ],
    },
    { h: 'Building the running order' },
    { list: ['Youngest classes early in each half: they tire first.', 'Never put the same children in two dances in a row; allow at least two numbers for a costume change.', 'Open and close each half with a lively group dance.', 'Keep the whole show under 90 minutes with a 15-minute interval.'] },
    { h: 'Letter to families (to adapt)' },
    { p: 'Dear families, our end-of-year show takes place on [date] at [venue]. Please bring your child to the stage door at [time] with hair tied back and wearing the costume under a coat. Children stay with our backstage team throughout and may be collected from the stage door after the finale. Thank you for your support, and enjoy the show!' },
  ],
};

export const RUNNING_ORDER: DemoDocument = {
  fileName: 'recital-running-order-template.pdf',
  title: 'Recital Running Order Template',
  subtitle: 'An example running order to copy: numbers, classes, music length, entrances and quick changes.',
  blocks: [
    {
      table: {
        head: ['#', 'Class', 'Dance and length', 'Enter / exit', 'Costume notes'],
        widths: [0.6, 2.2, 2.6, 1.6, 2.6],
        rows: [
          ['1', 'Whole school', 'Opening: "Hello Stage" (2:00)', 'Both wings / both', 'Class T-shirts'],
          ['2', 'Little Movers (3–4)', 'The Teddy Bears (2:10)', 'Stage left / left', 'Ears headbands'],
          ['3', 'Pre-Ballet (5–6)', 'The Sleeping Garden (2:40)', 'Stage right / right', 'Flower skirts'],
          ['4', 'Tap Juniors (7–9)', 'Rain Rhythms (2:30)', 'Stage left / right', 'Yellow raincoats'],
          ['5', 'Creative (5–8)', 'Under the Sea (2:50)', 'Both / both', 'Blue scarves'],
          ['', 'Interval (15 minutes)', '', '', ''],
          ['6', 'Little Movers (3–4)', 'Walking on the Moon (2:00)', 'Stage right / right', 'Silver capes'],
          ['7', 'Pre-Ballet (7–8)', 'The Royal Ball (3:00)', 'Stage left / left', 'Tutus, tiaras'],
          ['8', 'Whole school', 'Finale and bows (2:30)', 'Both wings / both', 'Class T-shirts'],
        ],
      },
    },
    { note: 'Check: no class dances twice in a row; the youngest dance within the first 20 minutes of each half.' },
  ],
};

export const FOLK_DANCES: DemoDocument = {
  fileName: 'folk-dances-of-the-world-primary.pdf',
  title: 'Folk Dances of the World for Primary Schools',
  subtitle: 'Three circle and group dances in school-friendly versions, with background for each.',
  blocks: [
    { p: 'Folk dances belong to the communities that dance them. Teach each one with a short story of where it comes from, show pictures of the places, and invite families who know the dance to share it. The versions below are simplified for children aged 5 to 11; the steps of the traditional dances vary from region to region.' },
    { h: 'Mayim Mayim (Israel)' },
    { p: 'A circle dance created in the 1930s to celebrate finding water in the desert; "mayim" means water. Dancers hold hands in a circle.' },
    { steps: ['Grapevine around the circle: cross in front, step side, cross behind, step side (four times).', 'Four steps into the centre raising joined hands and calling "Mayim!", four steps back lowering them (twice).', 'Running steps around the circle, then hops with toe taps in front while clapping.', 'Repeat from the beginning; speed up a little each time if the class is ready.'] },
    { h: 'Seven Jumps (Denmark)' },
    { p: 'A playful circle dance: after each verse the music holds long notes, and the dancers add one more movement for each note and must stay still until the music goes on.' },
    { steps: ['Circle to the left with step-hops for 16 counts, then to the right.', 'First held note: lift the right knee. Back to the circle dance.', 'Each time add one: left knee, kneel on the right knee, kneel on the left, right elbow on the floor, left elbow, forehead to the hands.', 'The fun is in the stillness: whoever moves before the music tells a joke to the circle.'] },
    { h: 'Troika (Russia)' },
    { p: '"Troika" means a sleigh pulled by three horses. Children dance in threes, side by side, holding hands, the middle dancer as the leader.' },
    { steps: ['Sixteen light running steps forward on the diagonals, "horses" lifting their knees.', 'The middle dancer runs under the arch made by the right-hand pair, then under the arch of the left-hand pair.', 'Threes make a small circle and run around for twelve counts, stamp three times, and reverse.', 'Open out into a line again and go on to the next three.'] },
    { h: 'Assessment ideas' },
    { list: ['Can the children keep the formation (circle, line of three) while moving?', 'Do they start and stop with the music?', 'Can they tell a partner one thing about where the dance comes from?'] },
  ],
};

export const CONTEMPORARY_FLOOR: DemoDocument = {
  fileName: 'contemporary-floor-work-pre-teens.pdf',
  title: 'Contemporary Floor Work for Pre-Teens: Class Outline',
  subtitle: 'A 60-minute class that teaches safe rolling, sliding and weight into the hands for ages 9 to 12.',
  blocks: [
    { h: 'Aim' },
    { p: 'Students enter and leave the floor with control, roll without weight on the head or neck, and dance a short floor phrase with a sense of flow.' },
    ...lesson('Class plan', 'One class; repeat for three weeks, adding to the phrase each time.', [
      ['10', 'Warm-up: roll downs, spinal curves, hip circles', 'Breathe out as the spine rolls down; knees soft.'],
      ['10', 'Getting down and up through a spiral', 'Spiral down through the legs onto the hip; push through the hands to come up.'],
      ['10', 'Rolls: log roll and over the back of the shoulder', 'The head turns to the side away from the roll; never over the top of the head.'],
      ['10', 'Sliding and weight into the hands', 'Wrists warmed first; fingers spread, elbows soft.'],
      ['15', 'Floor phrase in 4 × 8 counts', 'Spiral down, roll, slide, rise through a lunge.'],
      ['5', 'Cool-down and reflection', 'Ask: "Where in the phrase did you feel most in control?"'],
    ]),
    { h: 'Safety' },
    { list: ['Sprung or matted floor; students in socks or barefoot with clean floor.', 'No rolling over the head or neck in this class.', 'Students with wrist or shoulder injuries use the forearm version of each move.'] },
  ],
};

// ---------------------------------------------------------------------------------------------
// Marin Groove Lab (the multi-role demo account: hip hop and tap)

export const HIPHOP_SYLLABUS: DemoDocument = {
  fileName: 'hip-hop-foundations-teens-twelve-week-syllabus.pdf',
  title: 'Hip Hop Foundations for Teens: Twelve-Week Syllabus',
  subtitle: 'Grooves, foundational steps, musicality and the culture behind them, for 13 to 17 year olds new to hip hop.',
  blocks: [
    { h: 'Why this syllabus' },
    { p: 'Teens arrive wanting choreography. This syllabus gives them the foundations that make choreography look good: the bounce and rock, the classic party steps, and an ear for the beat. Each week has a groove, a foundation step, a short combo and a freestyle moment, and every few weeks a piece of history so students know where the dance comes from.' },
    { h: 'Twelve weeks' },
    {
      table: {
        head: ['Week', 'Groove', 'Foundation step', 'Culture and musicality'],
        widths: [0.8, 2, 2.6, 3.6],
        rows: [
          ['1', 'Down bounce', 'Step touch with bounce', 'Hip hop began at Bronx block parties in the 1970s'],
          ['2', 'Up bounce', 'The running man', 'Finding the kick and the snare'],
          ['3', 'Rock (chest and shoulders)', 'The Roger Rabbit', 'Counting in eights over a loop'],
          ['4', 'Combining bounce and rock', 'The Bart Simpson', 'Half-time and double-time feel'],
          ['5', 'Review and combo', 'Steps from weeks 1–4 in a 32-count combo', 'First cypher: everyone enters for 8 counts'],
          ['6', 'Popping hits (intro)', 'The fresno', 'Popping\'s roots on the US West Coast'],
          ['7', 'Locking groove', 'The lock, point and wrist roll', 'Locking and soul music'],
          ['8', 'House bounce (intro)', 'The jack and the stomp', 'House dance and its music'],
          ['9', 'Freestyle tools', 'Changing levels and directions', 'Hitting accents in the music'],
          ['10', 'Choreography part 1', '16 counts of class choreography', 'Texture: sharp against smooth'],
          ['11', 'Choreography part 2', '32 counts complete', 'Performance: face, focus, energy'],
          ['12', 'Showcase', 'Choreography and a final cypher', 'Reflection: what did you learn?'],
        ],
      },
    },
    { h: 'Class structure (75 minutes)' },
    { list: ['Warm-up with grooves (15 minutes): bounce and rock to three tempos.', 'Foundation step of the week (20 minutes): break it down, build it up, add style.', 'Combo (25 minutes): 16 to 32 counts using this and earlier weeks\' steps.', 'Cypher or freestyle (10 minutes) and cool-down (5 minutes).'] },
    { h: 'Music' },
    { p: 'Use clean versions only and check lyrics before class. Most grooves work between 85 and 100 BPM; house weeks need 120 to 125 BPM. Let students bring a track each week, checked by you beforehand.' },
  ],
};

export const HIPHOP_RUBRIC: DemoDocument = {
  fileName: 'hip-hop-assessment-rubric.pdf',
  title: 'Hip Hop Assessment Rubric',
  subtitle: 'Five criteria and four levels for feedback at weeks 5 and 12.',
  blocks: [
    {
      table: {
        head: ['Criterion', 'Emerging', 'Developing', 'Secure', 'Excellent'],
        widths: [1.6, 2, 2, 2, 2],
        rows: [
          ['Groove', 'Bounce is stiff or off the beat', 'Bounce on the beat with effort', 'Relaxed bounce and rock on the beat', 'Grooves at several tempos with personal flavour'],
          ['Foundation steps', 'Steps known but not in time', 'Steps in time at slow tempo', 'Steps clean at class tempo', 'Steps varied and linked smoothly'],
          ['Musicality', 'Does not yet hear the count', 'Finds the 1 with help', 'Dances on the count and hits main accents', 'Plays with accents, pauses and texture'],
          ['Performance', 'Looks at the floor', 'Faces the front with some energy', 'Clear focus and energy throughout', 'Owns the stage and connects with the audience'],
          ['Cypher', 'Does not enter yet', 'Enters with encouragement', 'Enters and holds 8 counts', 'Enters with confidence and responds to others'],
        ],
      },
    },
    { h: 'Giving feedback' },
    { p: 'Talk with each student for two minutes: one thing they do well, one thing to work on, one step to practise at home. Write it down so that at week 12 you can show them how far they have come.' },
  ],
};

export const TAP_LADDERS: DemoDocument = {
  fileName: 'tap-rhythm-ladders-progressive-drills.pdf',
  title: 'Tap Rhythm Ladders: Progressive Drills',
  subtitle: 'Six ladders that take pre-teen tappers from single sounds to a time step, with counts for each rung.',
  blocks: [
    { p: 'A ladder starts slow and simple and climbs one rung at a time: more sounds, faster subdivisions, or the other foot. Students stay on a rung until it is clean at the given tempo. Use a metronome or a steady swing track; clarity first, speed later.' },
    ...[
      ['Ladder 1 — Toe and heel drops', '90 BPM', [['1', 'Heel drops, right then left, quarter notes', '1 2 3 4'], ['2', 'Toe drops, same counts', '1 2 3 4'], ['3', 'Heel-toe alternating, eighth notes', '1 & 2 & 3 & 4 &'], ['4', 'Toe-heel, heel-toe, left foot leading', '1 & 2 & 3 & 4 &']]],
      ['Ladder 2 — Shuffles', '96 BPM', [['1', 'Single shuffles, right foot, eighth notes', '& 1 & 2'], ['2', 'Shuffle and step', '& a 1'], ['3', 'Shuffles in triplets', '1 trip-let 2 trip-let'], ['4', 'Alternating feet, both directions', '& a 1 & a 2']]],
      ['Ladder 3 — Flaps', '100 BPM', [['1', 'Flap in place, right and left', '& 1 & 2'], ['2', 'Travelling flaps forward', '& 1 & 2 & 3 & 4'], ['3', 'Flap heel', '& 1 2'], ['4', 'Flap heel heel toe-drop', '& 1 & a 2']]],
      ['Ladder 4 — Shuffle ball change', '100 BPM', [['1', 'Shuffle ball change, right foot', '& a 1'], ['2', 'Alternating feet', '& a 1 & a 2'], ['3', 'With a step in front', '& a 1 2'], ['4', 'Syncopated: ball change first', 'a 1 & 2']]],
      ['Ladder 5 — Paddle and roll', '88 BPM', [['1', 'Paddle: heel dig and toe spank, in place', '1 &'], ['2', 'Paddle and roll: dig, spank, ball, heel', '1 e & a'], ['3', 'Cramp roll: ball, ball, heel, heel', '1 e & a'], ['4', 'Roll across a bar of eighths', '1 e & a 2 e & a']]],
      ['Ladder 6 — Single time step', '110 BPM', [['1', 'Stamp, hop, step, flap, step, spoken slowly', 'start on 8'], ['2', 'Same, on the counts of the music', 'start on 8'], ['3', 'Alternate feet every bar', '4 bars'], ['4', 'Double time step: two steps after the hop', 'start on 8']]],
    ].flatMap(([heading, tempo, rows]) => [
      { h: `${heading as string} (start at ${tempo as string})` } satisfies DocBlock,
      { table: { head: ['Rung', 'Drill', 'Counts'], widths: [0.8, 5, 2.6], rows: rows as string[][] } } satisfies DocBlock,
    ]),
    { h: 'Teaching tips' },
    { list: ['Record students on a phone: hearing their own sounds is the fastest way to clean them.', 'Keep the ankles loose; tension makes sounds muddy.', 'End every class with a call-and-response: you tap a bar, they answer it.'] },
  ],
};

export const BREAKING_LESSONS: DemoDocument = {
  fileName: 'breaking-basics-five-lesson-plans.pdf',
  title: 'Breaking Basics: Five Lesson Plans',
  subtitle: 'Toprock, go-downs, six-step footwork, the baby freeze and cypher etiquette for teenage beginners.',
  blocks: [
    { p: 'Breaking is demanding on wrists, shoulders and knees. Every lesson starts with a long warm-up, uses mats for floor work, and leaves out power moves and head spins entirely: those need supervised training beyond a beginners\' course.' },
    ...lesson('Lesson 1 — Toprock', 'Students dance the Indian step and the Bronx step on the beat with attitude.', [
      ['15', 'Warm-up: joints, wrists, light cardio', 'Wrist circles, fingers pressing into the floor.'],
      ['15', 'Indian step', 'Cross step in front, kick out, step back; arms open.'],
      ['15', 'Bronx step', 'Step forward across the body, hop back; add arm swings.'],
      ['15', 'Toprock in a circle; everyone takes 8 counts', 'Look at the circle, not the floor.'],
    ]),
    ...lesson('Lesson 2 — Go-downs', 'Students travel from toprock to the floor safely and back up.', [
      ['15', 'Warm-up and toprock review', ''],
      ['20', 'Knee drop go-down onto the hands', 'Hands reach the floor before the knee; knee lands softly.'],
      ['15', 'Coming up through a crouch', 'Push through the hands and feet together.'],
      ['10', 'Toprock, go-down, hold, up', '8 counts each.'],
    ]),
    ...lesson('Lesson 3 — Six-step footwork', 'Students complete the six-step around their hands.', [
      ['15', 'Warm-up with extra wrists and hips', ''],
      ['25', 'Six-step in parts', 'Steps 1–3 and 4–6 separately, then joined; hips stay low.'],
      ['10', 'Six-step both directions', 'Start slow, rhythm before speed.'],
      ['10', 'Go-down into six-step', ''],
    ]),
    ...lesson('Lesson 4 — The baby freeze', 'Students hold a baby freeze for two counts with the head resting lightly on the mat.', [
      ['15', 'Warm-up and core work', 'Planks and tuck holds.'],
      ['20', 'Baby freeze on a mat', 'Elbow into the hip, knee onto the elbow, weight into the hands, head light.'],
      ['15', 'Six-step into the freeze', 'Stop in the freeze on the last beat of a bar.'],
      ['10', 'Stretching', 'Wrists, shoulders, hips.'],
    ]),
    ...lesson('Lesson 5 — The cypher', 'Students enter a cypher with a short set: toprock, go-down, footwork, freeze.', [
      ['15', 'Warm-up', ''],
      ['15', 'Building a set of 4 × 8 counts', 'Each student chooses their own order.'],
      ['15', 'Cypher etiquette', 'One at a time, watch and respond, respect everyone\'s round, no biting (copying) others.'],
      ['15', 'Cypher', 'Everyone enters at least twice; the circle cheers for each round.'],
    ]),
  ],
};

export const JAZZ_FUNK_NOTES: DemoDocument = {
  fileName: 'jazz-funk-showcase-choreography-notes.pdf',
  title: 'Jazz Funk Showcase Choreography Notes: "Neon Pulse"',
  subtitle: 'A two-minute piece for advanced teen dancers: the counts, the formations and how to clean it.',
  blocks: [
    { h: 'The piece' },
    { p: '"Neon Pulse" is a jazz funk piece for 8 to 16 dancers set to a mid-tempo pop track around 105 BPM. It alternates sharp, hit-driven sections with smooth grooves and ends in a tableau. The notes below give the counts in eights; formations are drawn from the audience\'s view.' },
    { h: 'Counts' },
    {
      table: {
        head: ['Eight', 'Movement', 'Formation'],
        widths: [0.9, 5, 2.5],
        rows: [
          ['1–2', 'Walk in on the beat, hit on 8 with chin lift', 'Two lines, staggered'],
          ['3', 'Shoulder isolations R-L-R, body roll down 5-8', 'Two lines'],
          ['4', 'Jazz square with hip accent, arm swipe 7-8', 'Two lines'],
          ['5', 'Pirouette from fourth, finish in low lunge', 'Move to V shape'],
          ['6', 'Floor slide, rise through a spiral', 'V shape'],
          ['7', 'Canon: front row 1-4, back row 5-8 arm wave', 'V shape'],
          ['8', 'Unison groove with hair flick on 7', 'Diamond'],
          ['9–10', 'Hits section on the snare: 1, 3, 5, 6, 7', 'Diamond'],
          ['11', 'Jump turn, landing in second plié', 'Scatter'],
          ['12', 'Slow-motion walk to tableau, freeze on 8', 'Final tableau'],
        ],
      },
    },
    { h: 'Cleaning checklist' },
    { list: ['Arm heights in the hits section: shoulders, never above the head.', 'Focus: every chin lift to the same point at the back of the hall.', 'Canon timing: the back row starts exactly on 5.', 'Floor slide: knee pads in rehearsal; the slide goes on the hip, not the knee.'] },
    { h: 'Adapting' },
    { p: 'For intermediate dancers replace the pirouette with a chaîné turn and the jump turn with a step turn. For a smaller group, merge the V shape and the diamond into one staggered line.' },
  ],
};

export const JAZZ_FUNK_CHEAT_SHEET = `NEON PULSE - counts cheat sheet (print and tape by the mirror)

Tempo about 105 BPM. Two lines at the start, V shape from eight 5, diamond from eight 8.

1-2   walk in ... hit on 8 (chin up)
3     shoulders R L R ... body roll down 5 6 7 8
4     jazz square, hip on 3 ... arm swipe 7 8
5     pirouette from fourth ... low lunge
6     floor slide ... spiral up
7     CANON: front 1-4, back 5-8
8     groove ... hair flick on 7
9-10  hits on the snare: 1, 3, 5 6 7
11    jump turn ... second plie
12    slow walk ... FREEZE on 8

Cleaning: arms at shoulder height in the hits; focus to the back wall; back row starts on 5.
`;

export const SHOWCASE_BINDER: DemoDocument = {
  fileName: 'studio-showcase-production-binder.pdf',
  title: 'Studio Showcase Production Binder',
  subtitle: 'For studio directors: a sixteen-week production timeline, team roles, the tech rehearsal and a cue sheet.',
  blocks: [
    { h: 'Production timeline' },
    {
      table: {
        head: ['Weeks out', 'Milestone', 'Owner'],
        widths: [1.2, 5, 2.2],
        rows: [
          ['16', 'Venue booked, date fixed, budget approved', 'Director'],
          ['14', 'Programme of numbers and choreographers agreed', 'Director'],
          ['12', 'Music edited and cut to time; licences checked', 'Music lead'],
          ['10', 'Costume designs approved and ordered', 'Costume lead'],
          ['8', 'Ticketing opens; volunteer roles filled', 'Front of house'],
          ['6', 'Lighting plot drafted with the venue technician', 'Stage manager'],
          ['4', 'Run of the whole show in the studio; timings checked', 'Director'],
          ['2', 'Cue sheet final; backstage plan sent to all', 'Stage manager'],
          ['0', 'Technical rehearsal, dress rehearsal, performance', 'Everyone'],
        ],
      },
    },
    { h: 'Team roles' },
    { list: ['Director: artistic decisions, final say on the running order.', 'Stage manager: calls the show, runs the cue sheet, keeps time.', 'Backstage chaperones: one adult per eight children, sign-in and sign-out.', 'Front of house: tickets, seating, programmes and the audience\'s safety.', 'Music lead: playback, backups on two devices, volume checks.'] },
    { h: 'Technical rehearsal schedule' },
    {
      table: {
        head: ['Time', 'Activity'],
        widths: [1.4, 7],
        rows: [
          ['14:00', 'Crew call: lighting focus and sound check'],
          ['15:00', 'Cue-to-cue: each number\'s first and last eight with lights and sound'],
          ['17:00', 'Break; dancers arrive and warm up'],
          ['17:45', 'Spacing on stage, youngest classes first'],
          ['19:00', 'Full dress run without stopping; notes afterwards'],
        ],
      },
    },
    { h: 'Cue sheet (first half, example)' },
    {
      table: {
        head: ['Cue', 'Number', 'Sound', 'Lights'],
        widths: [0.8, 2.6, 2.4, 2.6],
        rows: [
          ['1', 'House to half', 'Pre-show music fades', 'House lights 50%'],
          ['2', 'Opening', 'Track 1 go', 'Full stage warm wash'],
          ['3', 'Number 2', 'Track 2 go on dancers set', 'Blue wash, centre special'],
          ['4', 'Number 3', 'Track 3 go', 'Side light only for the first eight'],
          ['5', 'Interval', 'Interval music', 'House lights full'],
        ],
      },
    },
  ],
};

export const CYPHER_GAMES: DemoDocument = {
  fileName: 'freestyle-cypher-games.pdf',
  title: 'Freestyle Cypher Games',
  subtitle: 'Eight games that get pre-teens freestyling in a circle.',
  blocks: [
    { list: ['Name and a move', 'Copy cat', 'Levels cypher', 'Freeze tag freestyle', 'Slow motion battle', 'Mirror partners', 'One word, one move', 'Battle of the grooves'] },
  ],
};
