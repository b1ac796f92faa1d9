import { count, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../worker/src/platform/db.ts';
import { courses } from './schema/index.ts';
import { demoImageKey } from './cover-art.ts';
import { DEMO_CLIP_URL } from './seed-media.ts';

/**
 * Demo courses for a new installation: several styles and levels, each with modules, text
 * lessons (markdown), video lessons and quiz lessons with real questions.
 *
 * The whole tree is written in one batch (one transaction), every row found by what identifies
 * it (course title, module position, lesson position) rather than by ids, and every INSERT is
 * conditional on the row not being there yet. So the seed is atomic, and running it twice — even
 * at once from two processes — writes each row once.
 */

type Level = 'beginner' | 'intermediate' | 'advanced';

export interface DemoQuestion {
  question: string;
  options: string[];
  correct: number;
}

export interface DemoLesson {
  title: string;
  description: string;
  type: 'text' | 'video' | 'quiz';
  /** Markdown for text, a video link for video, instructions for quiz. */
  content: string;
  quiz?: { title: string; description: string; passScore: number; questions: DemoQuestion[] };
}

export interface DemoModule {
  title: string;
  description: string;
  lessons: DemoLesson[];
}

export interface DemoCourse {
  title: string;
  shortName: string;
  description: string;
  detailedDescription: string;
  /** A dance class category (DANCE_CATEGORIES of seed.ts). */
  category: string;
  level: Level;
  priceCents: number;
  status: 'draft' | 'published';
  /** Username of a demo account (db/seed.ts DEMO_ACCOUNTS). */
  instructor: 'instructor_admin' | 'multirole';
  duration: string;
  videoUrl: string | null;
  previewVideoUrl: string | null;
  /** How long ago it was published, so "newest" has an order. */
  publishedDaysAgo: number;
  /** The plan a learner needs (decision 0031): 20 Premium, 30 Royalty; everyone when left out. */
  requiredLevel?: 0 | 20 | 30;
  modules: DemoModule[];
}


const quizLesson = (title: string, description: string, questions: DemoQuestion[]): DemoLesson => ({
  title,
  description,
  type: 'quiz',
  content: 'Answer every question, then submit. You need 70% to pass; you can retake the quiz as often as you like.',
  quiz: { title, description: 'Test your knowledge of this lesson', passScore: 70, questions },
});

export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    title: 'Foundations of Classical Ballet Teaching',
    shortName: 'Ballet Foundations',
    description:
      'Teach the five positions, a safe beginner barre and first centre work with clear cues and sound anatomy. For new ballet teachers and teachers of other styles adding ballet.',
    detailedDescription:
      'This course walks you through the first term of a beginner ballet class: how to introduce the positions without forcing turnout, how to build a barre that warms the body in a sensible order, and how to move your students into the centre with simple port de bras and musical phrasing.\n\nEach module ends with a short quiz. Complete every lesson and pass every quiz to receive your certificate.',
    category: 'Ballet',
    level: 'beginner',
    priceCents: 0,
    status: 'published',
    instructor: 'instructor_admin',
    duration: '4 weeks',
    videoUrl: DEMO_CLIP_URL,
    previewVideoUrl: DEMO_CLIP_URL,
    publishedDaysAgo: 60,
    modules: [
      {
        title: 'The Five Positions and Safe Turnout',
        description: 'How to introduce the positions of the feet and arms so that turnout comes from the hips, not the knees.',
        lessons: [
          {
            title: 'Teaching the five positions',
            description: 'A step-by-step way to introduce the positions of the feet and the arms to beginners.',
            type: 'text',
            content: `## Start with parallel

Before any turnout, let students stand in **parallel first**: feet hip-width apart, weight over the middle of the foot, knees soft. Ask them to feel three points under each foot — the big toe joint, the little toe joint and the heel. Everything that follows keeps those three points on the floor.

## Finding natural turnout

1. From parallel, keep the heels together and rotate both legs outward from the **hip sockets**.
2. Stop where the knees still point straight over the toes.
3. That angle is the student's turnout today — not the 180 degrees in the pictures.

> Teach turnout as a rotation of the whole leg. If the feet turn further than the knees, the twist happens at the knee and ankle, which is how injuries start.

## The positions of the feet

| Position | What to look for |
| --- | --- |
| First | Heels together, toes turned out equally |
| Second | Feet about one and a half of the student's own foot-lengths apart |
| Third | Heel of the front foot against the middle of the back foot |
| Fourth | One foot in front of the other, about one foot-length apart |
| Fifth | Heel of the front foot against the toe joint of the back foot |

Most syllabi teach third before fifth with young beginners; fifth asks for more rotation than a new student has.

## Arms

Introduce **bras bas**, first, second and fifth (en haut). Use an image: first position is "holding a large beach ball". Check that shoulders stay down and elbows stay lifted.`,
          },
          {
            title: 'Practice: positions of the feet and arms to the count',
            description: 'Take each of the five positions on a count of eight: a count-in "5, 6, 7, 8", then four eight-counts at 120 BPM.',
            type: 'video',
            content: DEMO_CLIP_URL,
          },
          quizLesson('Check: positions and turnout', 'Five positions, turnout and placement.', [
            {
              question: 'Where should turnout come from?',
              options: ['The rotation of the legs in the hip sockets', 'Twisting the feet outward from the knees', 'Rolling the feet onto their inner edges', 'Pushing the heels forward'],
              correct: 0,
            },
            {
              question: 'In first position, which part of the feet touch?',
              options: ['The toes', 'The heels', 'The arches', 'Nothing touches'],
              correct: 1,
            },
            {
              question: 'Why do many teachers introduce third position before fifth with young beginners?',
              options: ['Third is the oldest position', 'Fifth is only used in jumps', 'Fifth needs more rotation than most beginners have', 'Third is easier to remember'],
              correct: 2,
            },
            {
              question: 'A student stands in first with the knees pointing forward and the feet turned out much further. What is your correction?',
              options: ['Praise the wide turnout', 'Ask for a smaller angle so knees and toes line up', 'Ask them to bend their knees more', 'Move them to second position'],
              correct: 1,
            },
          ]),
        ],
      },
      {
        title: 'Structuring a Barre for Beginners',
        description: 'The order of barre exercises, why it matters, and how to cue each one clearly.',
        lessons: [
          {
            title: 'Building a beginner barre',
            description: 'A 30-minute barre for a first-year class, exercise by exercise, with timings.',
            type: 'text',
            content: `## Why the order matters

A barre warms the body from **large, slow movements to small, fast ones**, and from the floor to the air. A classic order for beginners:

1. **Pliés** (demi and grand) — warm the large muscles of the legs, practise turnout under load. *6 minutes.*
2. **Battements tendus** — articulate the foot through the floor. *5 minutes.*
3. **Battements glissés / jetés** — the same path, a little faster and just off the floor. *4 minutes.*
4. **Ronds de jambe à terre** — rotation in the hip socket. *4 minutes.*
5. **Battements frappés** (simplified) — speed and precision in the lower leg. *3 minutes.*
6. **Adage** or **développé** preparations — control. *4 minutes.*
7. **Grands battements** — release and height, only once the body is warm. *3 minutes.*
8. **Stretch** at the barre. *1 minute.*

## Keep it simple

- Use **one side, then the other**, with the same combination.
- Beginners need **fewer steps per combination** and more repetitions.
- Choose music in clear 4/4 or 3/4 with an obvious downbeat.

## Holding the barre

The hand rests on the barre slightly in front of the body, elbow soft and below the shoulder. The barre is for balance, never for hanging on.`,
          },
          {
            title: 'Cueing and corrections that work',
            description: 'How to give general and individual corrections that beginners can use straight away.',
            type: 'text',
            content: `## Give one correction at a time

A beginner can apply **one idea per exercise**. Choose the correction that fixes the most: alignment before arms, arms before head.

## Three kinds of cue

- **Verbal** — short and positive: "long spine", "knees over toes", "heavy heels".
- **Visual** — demonstrate the right version, then (briefly) the wrong one, then the right one again.
- **Tactile** — only with consent, explained first: "May I put my hand on your shoulder to show you where to lift?"

## General before individual

Give a correction to the whole class first. Many students will fix it without being singled out. Then go to the one or two who still need it.

## Praise what is right, precisely

"Good" teaches nothing. "Your heels stayed down the whole plié — that's exactly it" teaches the class what to aim for.`,
          },
          quizLesson('Check: the beginner barre', 'Order of exercises and giving corrections.', [
            {
              question: 'Which exercise usually opens the barre?',
              options: ['Grands battements', 'Pliés', 'Frappés', 'Ronds de jambe en l’air'],
              correct: 1,
            },
            {
              question: 'Why do grands battements come near the end of the barre?',
              options: ['They need a fully warm body', 'They are the easiest', 'They are done in the centre', 'Tradition only; the order does not matter'],
              correct: 0,
            },
            {
              question: 'How many new corrections can a beginner usually apply in one exercise?',
              options: ['One', 'Three', 'Five', 'As many as you give'],
              correct: 0,
            },
          ]),
        ],
      },
      {
        title: 'Centre Work and Musicality',
        description: 'Moving from the barre to the centre with simple port de bras, balances and phrasing.',
        lessons: [
          {
            title: 'From barre to centre',
            description: 'What to teach first in the centre and how to keep beginners balanced and confident.',
            type: 'text',
            content: `## Start with the arms

The first centre exercise should not challenge balance. A **port de bras** in first position of the feet lets students use the arm positions they learned at the barre while the legs rest.

## Then transfer a barre exercise

Repeat a **tendu combination** from the barre in the centre, facing the mirror (en face). Because the steps are known, students can focus on standing without support.

## Balances

Teach **relevé in first and second** with both arms in first, then in fifth. Count the balance aloud: "up — two — three — down". Beginners balance better when they know exactly when it ends.

## Travelling steps

End with something joyful that travels across the floor: **chassés, skips, or a simple sauté sequence**. Send students in small groups of two or three so you can watch everybody.`,
          },
          {
            title: 'Practice: port de bras to the count',
            description: 'Count-in "5, 6, 7, 8", then four eight-counts at 120 BPM: one port de bras per eight. Loop one eight with A and B.',
            type: 'video',
            content: DEMO_CLIP_URL,
          },
          quizLesson('Check: centre work', 'First steps in the centre.', [
            {
              question: 'Why is a port de bras a good first centre exercise?',
              options: ['It challenges balance the most', 'The legs rest while students use known arm positions', 'It is the fastest exercise', 'It needs no music'],
              correct: 1,
            },
            {
              question: 'What helps beginners hold a balance in relevé?',
              options: ['Holding their breath', 'Looking at the floor', 'Knowing the counts, so they know when it ends', 'Closing their eyes'],
              correct: 2,
            },
            {
              question: 'How should you send beginners across the floor?',
              options: ['All at once', 'In small groups of two or three', 'One by one only', 'Only the strongest students'],
              correct: 1,
            },
          ]),
        ],
      },
    ],
  },
  {
    title: 'Hip Hop Choreography for Teen Classes',
    shortName: 'Teen Hip Hop',
    description:
      'Build grooves, phrase choreography in eight-counts and choose music that works for teenagers — a practical course for studio and school teachers.',
    detailedDescription:
      'Teens want to look good and feel confident. This course gives you the foundation grooves, a method for writing choreography that fits the level of your group, and a checklist for choosing and editing music that is right for a teen class.',
    category: 'Hip Hop',
    level: 'intermediate',
    priceCents: 4900,
    status: 'published',
    instructor: 'multirole',
    duration: '3 weeks',
    videoUrl: DEMO_CLIP_URL,
    previewVideoUrl: DEMO_CLIP_URL,
    publishedDaysAgo: 45,
    modules: [
      {
        title: 'Grooves and Foundations',
        description: 'The bounce, the rock and the basic party grooves every teen class should master.',
        lessons: [
          {
            title: 'Bounce, rock and the basic grooves',
            description: 'How to teach the down bounce, up bounce and rock so that every student finds the pulse.',
            type: 'text',
            content: `## The pulse comes first

Every hip hop groove sits on a **bounce**. Before any choreography, spend five minutes of every class on the pulse.

- **Down bounce** — knees bend *on* the beat. The accent is down.
- **Up bounce** — knees straighten on the beat; the bend happens on the "and".
- **Rock** — the chest and hips rock forward and back with the bounce.

## Teaching sequence

1. Clap the beat together. Then only the downbeats (1, 3, 5, 7).
2. Add the down bounce in place.
3. Switch to up bounce on your call: "up bounce in 5, 6, 7, 8".
4. Add the rock, then travel it side to side.

## Foundation grooves to teach in the first month

- **Two-step** — step-touch with bounce and arm swing.
- **Running man** — start slowly on half time.
- **Bart Simpson**, **Roger Rabbit** and **Kick step** — classic party steps with clear counts.

> Name the steps and their history. Teens engage more when they know where a move comes from.`,
          },
          {
            title: 'Practice: grooves at three speeds',
            description: 'Groove to the counts at 120 BPM (a count-in, then four eight-counts), then at 0.75× (90 BPM) and 0.5× (60 BPM).',
            type: 'video',
            content: DEMO_CLIP_URL,
          },
          quizLesson('Check: grooves and bounce', 'Pulse, bounce and foundation grooves.', [
            {
              question: 'In a down bounce, when do the knees bend?',
              options: ['On the beat', 'On the "and"', 'Only on count 1', 'Never; the knees stay straight'],
              correct: 0,
            },
            {
              question: 'What is a good way to help students find the pulse before dancing?',
              options: ['Start at full speed', 'Clap the beat together, then only the downbeats', 'Skip the warm-up', 'Play the music very quietly'],
              correct: 1,
            },
            {
              question: 'How should you first teach a fast groove like the running man?',
              options: ['At double time', 'At half time, slowly', 'Without music only', 'Only in the final week'],
              correct: 1,
            },
          ]),
        ],
      },
      {
        title: 'Building Age-Appropriate Choreography',
        description: 'Phrasing in eight-counts, levels, formations and music choices that suit teenagers.',
        lessons: [
          {
            title: 'Counting, phrasing and eight-counts',
            description: 'Write choreography in eight-counts and layer it so every student succeeds.',
            type: 'text',
            content: `## Write in eight-counts

Plan choreography on paper, **one line per eight**. Most teen routines are built from four-eight phrases that follow the music's sections (verse, pre-chorus, chorus).

## Layer, don't pile on

1. Teach the **footwork** of one eight on its own.
2. Add the **arms**.
3. Add **texture** — hits, pauses, levels.
4. Only then connect it to the next eight.

## Use contrast

A good phrase has **hits and flow**, **big and small**, **high and low**. If every count is a hit, nothing stands out.

## Formations

Change formation at the start of a musical section, not in the middle of a phrase. Use at most three formations in a short routine for an intermediate group.`,
          },
          {
            title: 'Music selection and clean edits for teens',
            description: 'A checklist for choosing and editing tracks that suit a teen class.',
            type: 'text',
            content: `## Checklist

- [ ] **Clean lyrics.** Use the official clean or radio edit; listen to the whole track yourself first.
- [ ] **Tempo** between 85 and 105 bpm for learning; faster for performance once the routine is secure.
- [ ] **Clear structure** — intro, verses, chorus — so the class can hear where sections change.
- [ ] **Length.** Cut to 1:30–2:00 for a class routine.

## Editing

Cut on the downbeat of an eight so the edit is invisible. Fade the ending over one eight rather than stopping mid-phrase.

## Ask the students

Let the group propose songs, then check them against the list. Ownership raises commitment.`,
          },
          quizLesson('Check: choreography and music', 'Phrasing, layering and music choice.', [
            {
              question: 'What is the recommended order when layering a new eight-count?',
              options: ['Arms, then footwork, then texture', 'Footwork, then arms, then texture', 'Texture first', 'Everything at once'],
              correct: 1,
            },
            {
              question: 'When is the best moment to change formation?',
              options: ['In the middle of a phrase', 'At the start of a musical section', 'Every two counts', 'Never'],
              correct: 1,
            },
            {
              question: 'Where should you cut a track when editing it?',
              options: ['Anywhere', 'On the downbeat of an eight', 'In the middle of a word', 'On count 3'],
              correct: 1,
            },
            {
              question: 'Which tempo range suits learning a new routine?',
              options: ['40–60 bpm', '85–105 bpm', '140–160 bpm', 'Tempo does not matter'],
              correct: 1,
            },
          ]),
        ],
      },
    ],
  },
  {
    title: 'Contemporary Technique: Floor Work and Release',
    shortName: 'Floor and Release',
    description:
      'Teach release technique, spirals and safe floor work progressions to advanced students, with clear principles of weight, breath and momentum.',
    detailedDescription:
      'For teachers of advanced contemporary classes. You will learn the principles behind release technique, a progression from simple rolls to inversions, and how to keep floor work safe for knees, shoulders and necks.',
    category: 'Contemporary',
    level: 'advanced',
    priceCents: 7900,
    status: 'published',
    instructor: 'instructor_admin',
    duration: '5 weeks',
    videoUrl: DEMO_CLIP_URL,
    previewVideoUrl: DEMO_CLIP_URL,
    publishedDaysAgo: 30,
    // The demo's premium course: its badge and the Premium gate show on the course page (decision 0031).
    requiredLevel: 20,
    modules: [
      {
        title: 'Principles of Release',
        description: 'Weight, breath, gravity and momentum: the ideas behind release-based contemporary technique.',
        lessons: [
          {
            title: 'Weight, breath and momentum',
            description: 'The core principles of release technique and how to make them tangible for students.',
            type: 'text',
            content: `## Give weight, don't hold it

Release technique asks dancers to **let gravity do part of the work**. Instead of holding a limb up, the dancer lets it fall and uses the rebound.

## Breath initiates

Exhale into a fall, inhale into a recovery. Counting the breath with the class ("out for four, in for four") links movement to breathing quickly.

## Follow the momentum

A swing of the arm can carry the torso, which can carry the body to the floor. Teach **swings** early: arm swings, then torso swings, then full-body swings with a suspension at the top.

## Images that help

- "Pour the weight like water from one hand to the other."
- "Let the head be heavy as you roll down — let the spine unpeel."

## Exercise: fall and recover

From standing, exhale and let the upper body drop forward over soft knees, then roll up on an inhale, one vertebra at a time. Repeat with a swing of the arms that carries into a small jump.`,
          },
          {
            title: 'Practice: swings and suspensions to the count',
            description: 'Swing on 1, suspend on 2: a count-in "5, 6, 7, 8", then four eight-counts at 120 BPM.',
            type: 'video',
            content: DEMO_CLIP_URL,
          },
          quizLesson('Check: release principles', 'Weight, breath and momentum.', [
            {
              question: 'In release technique, how is a falling limb used?',
              options: ['It is held up with effort', 'Gravity takes it and the rebound is used', 'It is kept still', 'It is only moved on count 1'],
              correct: 1,
            },
            {
              question: 'Which breath usually goes with a fall?',
              options: ['An exhale', 'An inhale', 'Holding the breath', 'Breath does not matter'],
              correct: 0,
            },
            {
              question: 'What happens at the top of a swing?',
              options: ['A sharp stop', 'A suspension before the next fall', 'A jump is required', 'The dancer turns'],
              correct: 1,
            },
          ]),
        ],
      },
      {
        title: 'Floor Work Progressions',
        description: 'From simple rolls to spirals and inversions, in a safe and logical order.',
        lessons: [
          {
            title: 'Spirals, rolls and sliding',
            description: 'A progression of floor work skills from the first rolls to sliding transitions.',
            type: 'text',
            content: `## Progression

1. **Log roll** — long body, roll from back to front. Teaches whole-body connection.
2. **Curled roll** — knees to chest, roll across the back diagonally (from hip to opposite shoulder).
3. **Spiral down** — from standing, spiral the torso and sit through the side of the hip, never onto the knees.
4. **Spiral up** — reverse the path, pushing from the floor with the hand and foot.
5. **Sliding** — on the outside of the thigh and the forearm, using momentum from a swing.
6. **Shoulder roll** — over the back of the shoulder, head turned away, never over the neck.

## Surfaces

Floor work needs a **sprung floor** or mats. Ask dancers to wear long sleeves and long trousers for sliding.

## Make it musical

Once the path is safe, give it a rhythm: a slow spiral down over eight counts, a fast slide over two.`,
          },
          {
            title: 'Safety on the floor',
            description: 'Protecting knees, shoulders and necks in contemporary floor work.',
            type: 'text',
            content: `## Knees

Never land on the kneecap. Go down **through the side of the hip** or use the top of the shin with padding.

## Shoulders and wrists

Take weight on the hands with **fingers spread** and elbows soft. Build strength with plank and crab holds before asking for inversions.

## Neck

No rolls over the neck. In a shoulder roll the head turns away and the weight passes over the back of the shoulder.

## Warm-up

Floor work needs a specific warm-up: wrist circles, spinal rolls, hip openers and core activation.

## When to stop

Any sharp pain, tingling in the arms or dizziness: stop, rest and check with the dancer before continuing.`,
          },
          quizLesson('Check: floor work', 'Progression and safety.', [
            {
              question: 'How should a dancer go down from standing in a spiral?',
              options: ['Onto the kneecaps', 'Through the side of the hip', 'Straight backwards onto the spine', 'With a jump'],
              correct: 1,
            },
            {
              question: 'In a shoulder roll, what must the weight never pass over?',
              options: ['The back of the shoulder', 'The neck', 'The hip', 'The forearm'],
              correct: 1,
            },
            {
              question: 'Which comes first in the progression?',
              options: ['Shoulder roll', 'Sliding', 'Log roll', 'Spiral up'],
              correct: 2,
            },
            {
              question: 'What should a dancer do when they feel tingling in the arms during floor work?',
              options: ['Keep going', 'Stop and rest', 'Go faster', 'Switch to inversions'],
              correct: 1,
            },
          ]),
        ],
      },
    ],
  },
  {
    title: 'Teaching Tap to Young Children',
    shortName: 'Tap for Kids',
    description:
      'First sounds, rhythm games and class plans for tap classes with children aged 5 to 8 — make noise with purpose.',
    detailedDescription:
      'Young children love tap because it is loud. This course shows you how to turn that noise into rhythm: the first sounds, clear names for them, games that teach listening, and a 45-minute class plan.',
    category: 'Tap',
    level: 'beginner',
    priceCents: 2900,
    status: 'published',
    instructor: 'multirole',
    duration: '2 weeks',
    videoUrl: DEMO_CLIP_URL,
    previewVideoUrl: DEMO_CLIP_URL,
    publishedDaysAgo: 20,
    modules: [
      {
        title: 'First Sounds',
        description: 'Toe taps, heel drops, shuffles and flaps: the first vocabulary and how to name it.',
        lessons: [
          {
            title: 'Shuffles, flaps and toe-heels',
            description: 'The first tap sounds for children, how to name them and how many sounds each makes.',
            type: 'text',
            content: `## Count the sounds

Every tap step has a **number of sounds**. Teach the number with the name; children love counting.

| Step | Sounds | How |
| --- | --- | --- |
| Toe tap | 1 | Tap the ball of the foot, weight stays on the other foot |
| Heel drop | 1 | Standing on the balls of the feet, drop one heel |
| Stamp | 1 | Whole foot, weight changes |
| Stomp | 1 | Whole foot, weight does *not* change |
| Shuffle | 2 | Brush forward, brush back, from a loose ankle |
| Flap | 2 | Brush forward and step onto the ball of the foot |
| Ball change | 2 | Step on the ball of one foot, then the other |

## Loose ankles

Shuffles sound clean only with a **relaxed ankle**. Use an image: "wipe the gum off your shoe" or "flick water off your toes".

## Quiet feet

Teach silence too: "freeze feet!" on your signal. Being able to stop is part of rhythm.`,
          },
          {
            title: 'Practice: first sounds to the count',
            description: 'Each first sound on the beat: a count-in "5, 6, 7, 8", then four eight-counts at 120 BPM; slow it to 0.5× first.',
            type: 'video',
            content: DEMO_CLIP_URL,
          },
          quizLesson('Check: first sounds', 'Names and sounds of basic tap steps.', [
            {
              question: 'How many sounds does a shuffle make?',
              options: ['One', 'Two', 'Three', 'Four'],
              correct: 1,
            },
            {
              question: 'What is the difference between a stamp and a stomp?',
              options: ['A stamp changes weight; a stomp does not', 'A stomp changes weight; a stamp does not', 'They are the same', 'A stamp uses the heel only'],
              correct: 0,
            },
            {
              question: 'What makes a shuffle sound clean?',
              options: ['A stiff ankle', 'A relaxed ankle', 'Standing on the heels', 'Hitting the floor hard'],
              correct: 1,
            },
          ]),
        ],
      },
      {
        title: 'Running a Class for Ages 5–8',
        description: 'Rhythm games and a 45-minute class plan that keeps young tappers listening.',
        lessons: [
          {
            title: 'Games that teach rhythm',
            description: 'Listening and rhythm games that young tap students ask for again and again.',
            type: 'text',
            content: `## Copy cat

You tap a short rhythm (four counts); the class copies. Start with stamps, then add shuffles. Let a child lead once the class is confident.

## Freeze dance with sounds

Music plays, children do the step you call out. When the music stops they freeze — anyone who makes a sound after the stop is a "sound spy" and helps you listen in the next round.

## Traffic lights

- **Green** — tap the step.
- **Yellow** — tap it very quietly.
- **Red** — freeze.

Teaches dynamics and control.

## A 45-minute plan

1. Warm-up with ankle circles and heel-toe rocks — *5 min*
2. Sounds review: toe taps, heel drops, shuffles — *10 min*
3. New step of the week — *10 min*
4. Game — *10 min*
5. Short combination to music — *8 min*
6. Bow and "quiet feet" goodbye — *2 min*`,
          },
          quizLesson('Check: running the class', 'Games and class structure for young tappers.', [
            {
              question: 'In the traffic lights game, what does yellow mean?',
              options: ['Freeze', 'Tap very quietly', 'Tap as loud as possible', 'Sit down'],
              correct: 1,
            },
            {
              question: 'What does the copy cat game mainly train?',
              options: ['Flexibility', 'Listening and repeating rhythms', 'Turns', 'Stamina'],
              correct: 1,
            },
            {
              question: 'What should open a tap class for young children?',
              options: ['A new difficult step', 'A warm-up with ankle circles and heel-toe rocks', 'A performance', 'Free play without structure'],
              correct: 1,
            },
          ]),
        ],
      },
    ],
  },
  {
    title: 'Latin Ballroom Partnering Essentials',
    shortName: 'Latin Partnering',
    description:
      'Frame, connection, lead and follow in cha-cha and rumba: how to teach partnering that feels good to both dancers.',
    detailedDescription:
      'Partnering is a conversation. This course gives you a clear vocabulary for frame and connection, a method for teaching lead and follow without force, and the first figures of cha-cha and rumba with their timing.',
    category: 'Latin',
    level: 'intermediate',
    priceCents: 5900,
    status: 'published',
    instructor: 'instructor_admin',
    duration: '4 weeks',
    videoUrl: DEMO_CLIP_URL,
    previewVideoUrl: DEMO_CLIP_URL,
    publishedDaysAgo: 10,
    modules: [
      {
        title: 'Frame and Connection',
        description: 'Hold, tone and the points of connection that let a lead be felt without force.',
        lessons: [
          {
            title: 'Frame, tone and the points of connection',
            description: 'How to teach a frame that is toned but not stiff, and where partners connect.',
            type: 'text',
            content: `## Tone, not tension

A good frame is like a **spring**: it gives a little and returns. Ask partners to push palm to palm gently, then to find "just enough" pressure that a small movement of one is felt by the other.

## Points of connection in open hold

- **Hands** — leader's left hand holds the follower's right hand lightly, fingers not gripping.
- **Arms** — elbows in front of the body, never behind the shoulders.

## In closed hold

- Leader's right hand on the follower's shoulder blade.
- Follower's left hand rests on the leader's upper arm or shoulder.
- Slight offset: each partner's right side in line with the other's centre line.

## Lead from the body

The lead starts in the **leader's centre** and travels through the frame. Arms alone produce pulling, not leading.

> Exercise: one partner closes their eyes and follows a slow walk led only through the palms. Swap roles after a minute.`,
          },
          {
            title: 'Practice: open and closed hold to the count',
            description: 'Change between open and closed hold every eight: a count-in "5, 6, 7, 8", then four eight-counts at 120 BPM.',
            type: 'video',
            content: DEMO_CLIP_URL,
          },
          quizLesson('Check: frame and connection', 'Hold, tone and leading.', [
            {
              question: 'How should a good partnering frame feel?',
              options: ['Completely relaxed', 'Stiff and locked', 'Toned like a spring', 'Pulling away'],
              correct: 2,
            },
            {
              question: 'Where does a lead start?',
              options: ["In the leader's centre", "In the leader's fingers", "In the follower's arms", 'In the feet only'],
              correct: 0,
            },
            {
              question: 'Where should the elbows be in open hold?',
              options: ['Behind the shoulders', 'In front of the body', 'Locked straight', 'On the partner’s shoulders'],
              correct: 1,
            },
          ]),
        ],
      },
      {
        title: 'Cha-cha and Rumba Basics',
        description: 'The cha-cha chassé, rumba walks and Cuban motion, with timing and counts.',
        lessons: [
          {
            title: 'The cha-cha chassé and its timing',
            description: 'Counting cha-cha in "2, 3, 4-and-1" and teaching the chassé with a clean rhythm.',
            type: 'text',
            content: `## The count

Cha-cha is danced **2, 3, 4 & 1**: a check step on 2, a replace on 3 and a chassé (three quick steps) on 4 & 1.

## Teaching the chassé

1. Clap the rhythm: slow, slow, quick-quick-slow.
2. Step it in place, in a line facing the mirror.
3. Travel it to the side: side, close, side.
4. Add the check and replace to make the full basic.

## Common faults

- Starting on 1 instead of 2. Say "two" loudly on the first step.
- Big steps in the chassé. Keep them small and under the body.

## Partner it

Partners dance the basic facing each other in open hold: when the leader checks forward, the follower checks back.`,
          },
          {
            title: 'Rumba walks and Cuban motion',
            description: 'Forward and backward rumba walks with hip action that comes from the legs.',
            type: 'text',
            content: `## Hip action comes from the legs

Cuban motion is **not** pushing the hips sideways. It comes from straightening the supporting leg, which lets the hip settle over it.

## Forward walk

1. Step forward on the ball of the foot with the knee flexed.
2. Transfer weight and straighten the leg.
3. The hip settles over the straight leg; the other knee releases.

## Backward walk

Reach back with the toe, transfer weight through the ball of the foot to the flat foot, straighten the leg.

## Timing

Rumba is counted **2, 3, 4-1**: quick, quick, slow. The slow step takes count 4 and 1, giving time for the hip to settle.`,
          },
          quizLesson('Check: cha-cha and rumba', 'Counts and technique of the first figures.', [
            {
              question: 'On which count does the cha-cha basic begin?',
              options: ['1', '2', '3', '4'],
              correct: 1,
            },
            {
              question: 'What creates Cuban motion?',
              options: ['Pushing the hips sideways', 'Straightening the supporting leg', 'Bending both knees', 'Twisting the shoulders'],
              correct: 1,
            },
            {
              question: 'How many steps make a chassé?',
              options: ['Two', 'Three', 'Four', 'Five'],
              correct: 1,
            },
            {
              question: 'In rumba, which step takes counts 4 and 1?',
              options: ['The first quick step', 'The slow step', 'There is no step on 4', 'A jump'],
              correct: 1,
            },
          ]),
        ],
      },
    ],
  },
  {
    title: 'Jazz Technique: Isolations and Turns',
    shortName: 'Jazz Isolations',
    description:
      'Isolations, jazz walks and pirouette preparations for intermediate jazz classes. Still in preparation.',
    detailedDescription: 'A draft: the modules are being written. It is not shown in the catalog until it is published.',
    category: 'Jazz',
    level: 'intermediate',
    priceCents: 3900,
    status: 'draft',
    instructor: 'multirole',
    duration: '3 weeks',
    videoUrl: null,
    previewVideoUrl: null,
    publishedDaysAgo: 0,
    modules: [
      {
        title: 'Isolations',
        description: 'Head, shoulders, ribs and hips: moving one part while the rest stays still.',
        lessons: [
          {
            title: 'Teaching isolations',
            description: 'A progression of isolations from the head down, with counts.',
            type: 'text',
            content: `## From the head down

1. **Head** — forward, back, side, side; then half circles. Never full circles backwards.
2. **Shoulders** — up and down, forward and back, then circles.
3. **Ribs** — side to side, then forward and back, then a square.
4. **Hips** — side to side, forward and back, then circles.

Keep everything else still: use the mirror and ask students to watch one part that must *not* move.`,
          },
          quizLesson('Check: isolations', 'Isolations from the head down.', [
            {
              question: 'Which head movement is avoided in jazz isolations?',
              options: ['Forward and back', 'Side to side', 'Full circles backwards', 'Half circles'],
              correct: 2,
            },
            {
              question: 'What is the point of an isolation?',
              options: ['Moving everything at once', 'Moving one part while the rest stays still', 'Stretching', 'Jumping'],
              correct: 1,
            },
            {
              question: 'In which order are isolations usually taught?',
              options: ['From the feet up', 'From the head down', 'Hips first', 'In any random order'],
              correct: 1,
            },
          ]),
        ],
      },
      {
        title: 'Turn Preparation',
        description: 'Spotting, passé and the preparation for a single jazz pirouette.',
        lessons: [
          {
            title: 'Spotting and passé',
            description: 'How to teach spotting and a strong passé before the first pirouette.',
            type: 'text',
            content: `## Spotting

Choose a spot at eye level. The head stays on the spot as long as possible, then whips around to find it again first.

## Passé

In jazz, passé is often **parallel**: the toe connects to the front of the supporting knee. Hold it on relevé for four counts before turning.`,
          },
        ],
      },
    ],
  },
];

/** A demo course's generated cover (db/seed-images.ts makes the file). */
export const demoCoverUrl = (title: string) => `/uploads/${demoImageKey('cover', title)}`;

/** The titles of the demo courses: other seeds find them by title. */
export const DEMO_COURSE_TITLES = DEMO_COURSES.map((c) => c.title);

const daysAgo = (days: number) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${days} days`})`;

const courseIdOf = (course: string) => sql`(SELECT id FROM courses WHERE title = ${course} ORDER BY id LIMIT 1)`;
const moduleIdOf = (course: string, m: number) =>
  sql`(SELECT id FROM modules WHERE course_id = ${courseIdOf(course)} AND position = ${m} ORDER BY id LIMIT 1)`;
const lessonIdOf = (course: string, m: number, l: number) =>
  sql`(SELECT id FROM lessons WHERE module_id = ${moduleIdOf(course, m)} AND position = ${l} ORDER BY id LIMIT 1)`;
const quizIdOf = (course: string, m: number, l: number) =>
  sql`(SELECT id FROM quizzes WHERE lesson_id = ${lessonIdOf(course, m, l)} ORDER BY id LIMIT 1)`;

/** The conditional INSERTs of one course, in parent-before-child order. */
function courseStatements(course: DemoCourse): SQL[] {
  const out: SQL[] = [];
  const instructor = sql`(SELECT id FROM users WHERE lower(username) = lower(${course.instructor}))`;
  const when = daysAgo(course.publishedDaysAgo + 7);
  out.push(sql`INSERT INTO courses (title, short_name, description, detailed_description, price_cents, required_level, status, instructor_id,
      category_id, difficulty_level, duration, video_url, preview_video_url, image_url, published_at, created_at, updated_at)
    SELECT ${course.title}, ${course.shortName}, ${course.description}, ${course.detailedDescription}, ${course.priceCents}, ${course.requiredLevel ?? 0},
      ${course.status}, ${instructor}, (SELECT id FROM categories WHERE name = ${course.category}), ${course.level},
      ${course.duration}, ${course.videoUrl}, ${course.previewVideoUrl}, ${demoCoverUrl(course.title)},
      ${course.status === 'published' ? daysAgo(course.publishedDaysAgo) : null}, ${when}, ${when}
    WHERE ${instructor} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM courses WHERE title = ${course.title})`);

  course.modules.forEach((module, mi) => {
    const m = mi + 1;
    out.push(sql`INSERT INTO modules (course_id, title, description, position)
      SELECT c.id, ${module.title}, ${module.description}, ${m} FROM courses c
      WHERE c.id = ${courseIdOf(course.title)} AND NOT EXISTS (SELECT 1 FROM modules WHERE course_id = c.id AND position = ${m})`);
    module.lessons.forEach((lesson, li) => {
      const l = li + 1;
      out.push(sql`INSERT INTO lessons (module_id, title, description, content, type, position)
        SELECT mo.id, ${lesson.title}, ${lesson.description}, ${lesson.content}, ${lesson.type}, ${l} FROM modules mo
        WHERE mo.id = ${moduleIdOf(course.title, m)} AND NOT EXISTS (SELECT 1 FROM lessons WHERE module_id = mo.id AND position = ${l})`);
      if (!lesson.quiz) return;
      const quiz = lesson.quiz;
      out.push(sql`INSERT INTO quizzes (lesson_id, title, description, pass_score)
        SELECT le.id, ${quiz.title}, ${quiz.description}, ${quiz.passScore} FROM lessons le
        WHERE le.id = ${lessonIdOf(course.title, m, l)} AND NOT EXISTS (SELECT 1 FROM quizzes WHERE lesson_id = le.id)`);
      quiz.questions.forEach((q, qi) => {
        const p = qi + 1;
        out.push(sql`INSERT INTO quiz_questions (quiz_id, question, options, correct_option, position)
          SELECT qz.id, ${q.question}, ${JSON.stringify(q.options)}, ${q.correct}, ${p} FROM quizzes qz
          WHERE qz.id = ${quizIdOf(course.title, m, l)} AND NOT EXISTS (SELECT 1 FROM quiz_questions WHERE quiz_id = qz.id AND position = ${p})`);
      });
    });
  });
  return out;
}

/**
 * Adds the demo courses when the database has no course yet (so a real installation is never
 * touched). Courses whose instructor account is missing are skipped. Returns whether it wrote.
 */
export async function seedDemoCourses(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(courses);
  if ((row?.n ?? 0) > 0) return false;
  const statements = DEMO_COURSES.flatMap(courseStatements);
  const [first, ...rest] = statements.map((s) => db.run(s));
  await db.batch([first!, ...rest]);
  return true;
}
